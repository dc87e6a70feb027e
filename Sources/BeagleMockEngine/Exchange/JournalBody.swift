import BeagleMockHTTP
import Foundation
import NIOCore

/// A request body as JSON can carry it: the text when the bytes are UTF-8, base64 otherwise, so
/// that binary uploads survive the trip intact; cut at a limit, saying so.
struct JournalBody: Sendable {
    /// How ``text`` holds the bytes.
    enum Encoding: String, Sendable, Codable {
        /// The bytes are UTF-8 text, given as they are.
        case utf8
        /// The bytes are not UTF-8 (an image, a protobuf…): base64.
        case base64
    }

    /// The bytes kept: all of them, or the first `limit` when the body was longer.
    let bytes: [UInt8]
    /// How long the body was, in bytes.
    let size: Int

    /// No body.
    static let empty = JournalBody(bytes: [], size: 0)

    private init(bytes: [UInt8], size: Int) {
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
        let size = buffer.readableBytes
        guard size > limit else {
            self.init(bytes: Array(buffer.readableBytesView), size: size)
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
        self.init(bytes: kept, size: size)
    }

    /// Whether the body was longer than what is kept.
    var isTruncated: Bool { bytes.count < size }

    /// The kept bytes as text, and how they are encoded.
    var text: (value: String, encoding: Encoding) {
        if let text = String(validating: bytes, as: UTF8.self) { return (text, .utf8) }
        return (Data(bytes).base64EncodedString(), .base64)
    }
}
