import BeagleMockHTTP
import Foundation
import NIOCore

/// A body as JSON can carry it: the text when the bytes are UTF-8, base64 otherwise, so that
/// binary bodies survive the trip intact; cut at a limit, saying so. A body within the limit
/// shares the buffer it came in (a served file's bytes are the cache's, not a copy).
struct JournalBody: Sendable {
    /// How ``text`` holds the bytes.
    enum Encoding: String, Sendable, Codable {
        /// The bytes are UTF-8 text, given as they are.
        case utf8
        /// The bytes are not UTF-8 (an image, a protobuf…): base64.
        case base64
    }

    /// The bytes kept: all of them, or the first `limit` when the body was longer.
    let bytes: ByteBuffer
    /// How long the body was, in bytes.
    let size: Int

    /// No body.
    static let empty = JournalBody(bytes: ByteBuffer(), size: 0)

    private init(bytes: ByteBuffer, size: Int) {
        self.bytes = bytes
        self.size = size
    }

    /// Keeps the first `limit` bytes of `buffer`. A cut that falls inside a UTF-8 character moves
    /// back to the character's start, so a long text body stays text rather than turning into
    /// base64 because of its last byte.
    init(_ buffer: ByteBuffer?, limit: Int = .max) {
        guard let buffer, buffer.readableBytes > 0 else {
            self = .empty
            return
        }
        self.init(buffer, size: buffer.readableBytes, limit: limit)
    }

    /// The first bytes of a body of `size` bytes, `buffer` holding at least the first `limit`
    /// of them (or all, when fewer).
    init(_ buffer: ByteBuffer, size: Int, limit: Int) {
        guard size > limit || buffer.readableBytes > limit else {
            self.init(bytes: buffer, size: size)
            return
        }
        var kept = Array(buffer.readableBytesView.prefix(limit))
        for trim in 0...3 where kept.count > trim {
            let candidate = kept.dropLast(trim)
            if String(validating: candidate, as: UTF8.self) != nil {
                kept = Array(candidate)
                break
            }
        }
        self.init(bytes: ByteBuffer(bytes: kept), size: size)
    }

    /// Whether the body was longer than what is kept.
    var isTruncated: Bool { bytes.readableBytes < size }

    /// The kept bytes as text, and how they are encoded.
    var text: (value: String, encoding: Encoding) {
        let view = bytes.readableBytesView
        if let text = String(validating: view, as: UTF8.self) { return (text, .utf8) }
        return (Data(view).base64EncodedString(), .base64)
    }

    /// The first bytes of a body sent in pieces, gathered as they pass.
    /// A body sent whole in one piece within the limit is kept as that piece, not copied.
    struct Gathering {
        private let limit: Int
        private var kept: ByteBuffer?
        private var size = 0

        init(limit: Int = RequestJournal.bodyLimit) {
            self.limit = limit
        }

        /// Notes a piece that went out.
        mutating func append(_ piece: ByteBuffer) {
            size += piece.readableBytes
            guard var kept else {
                kept = piece
                return
            }
            let room = limit - kept.readableBytes
            guard room > 0 else { return }
            var piece = piece
            if let part = piece.readSlice(length: min(room, piece.readableBytes)) { kept.writeImmutableBuffer(part) }
            self.kept = kept
        }

        /// What was gathered.
        var body: JournalBody {
            guard let kept, size > 0 else { return .empty }
            return JournalBody(kept, size: size, limit: limit)
        }
    }
}
