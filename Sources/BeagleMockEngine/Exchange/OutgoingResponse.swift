import BeagleMockHTTP
import HTTPTypes
import HummingbirdCore
import NIOCore

/// A response about to be written: the head, and where its body comes from.
package struct OutgoingResponse: Sendable {
    /// The body of a response.
    package indirect enum Body: Sendable {
        case empty
        case buffer(ByteBuffer)
        /// The first `size` bytes of an open file, streamed from disk in chunks; `hash` is the
        /// hash of the version whose whole bytes these are (nil once cut short by a fault).
        case file(OpenedFile, size: Int64, hash: ContentHash?)
        /// `count` random bytes drawn from `seed` (a corrupt body), generated as they are sent.
        case randomBytes(count: Int64, seed: UInt64)
        /// One body after the other.
        case concatenation([Body])
        /// A body sent as it arrives from elsewhere: an upstream's (Docs/Proxy.md).
        case streamed(any StreamedBody)

        /// The number of bytes this body holds.
        var count: Int64 {
            switch self {
            case .empty: 0
            case .buffer(let buffer): Int64(buffer.readableBytes)
            case .file(_, let size, _): size
            case .randomBytes(let count, _): count
            case .concatenation(let parts): parts.reduce(0) { $0 + $1.count }
            case .streamed(let body): body.knownCount
            }
        }

        /// Whether ``count`` is the length of the body, known before it is sent; false for an
        /// upstream body without `Content-Length` that streams on (sent chunked).
        var hasKnownLength: Bool {
            switch self {
            case .empty, .buffer, .file, .randomBytes: true
            case .concatenation(let parts): parts.allSatisfy(\.hasKnownLength)
            case .streamed(let body): body.hasKnownLength
            }
        }

        /// The first `limit` bytes of the body.
        func prefix(_ limit: Int64) -> Body {
            switch self {
            case .empty: return .empty
            case .buffer(let buffer):
                return .buffer(buffer.getSlice(at: buffer.readerIndex, length: Int(min(limit, count))) ?? buffer)
            case .file(let file, let size, let hash): return .file(file, size: min(size, limit), hash: limit >= size ? hash : nil)
            case .randomBytes(let count, let seed): return .randomBytes(count: min(count, limit), seed: seed)
            case .concatenation(let parts):
                var remaining = limit
                var kept: [Body] = []
                for part in parts where remaining > 0 {
                    kept.append(part.prefix(remaining))
                    remaining -= min(part.count, remaining)
                }
                return .concatenation(kept)
            case .streamed(let body): return .streamed(body.prefix(limit))
            }
        }

        /// Sends the body in chunks sized and spaced by `pacer`; returns the bytes sent.
        func send(pacer: inout BodyPacer, to sink: (ByteBuffer) async throws -> Void) async throws -> Int64 {
            let chunkSize = pacer.chunkSize(total: count)
            var sent: Int64 = 0
            try await forEachChunk(of: chunkSize) { chunk in
                var chunk = chunk
                while chunk.readableBytes > 0 {
                    let piece = chunk.readSlice(length: min(chunkSize, chunk.readableBytes)) ?? chunk
                    try await pacer.beforeChunk()
                    try await sink(piece)
                    sent += Int64(piece.readableBytes)
                    try await pacer.afterChunk(piece.readableBytes)
                }
            }
            return sent
        }

        /// Produces the body's bytes in pieces of at most about `size` bytes.
        private func forEachChunk(of size: Int, _ body: (ByteBuffer) async throws -> Void) async throws {
            switch self {
            case .empty:
                return
            case .buffer(let buffer):
                try await body(buffer)
            case .file(let file, let total, let hash):
                _ = try await FileStreamer(file: file, size: total, expected: hash, chunkSize: max(size, 16 << 10))
                    .stream(body)
            case .randomBytes(let total, let seed):
                var random = SeededRandom(seed: seed)
                var remaining = total
                while remaining > 0 {
                    let length = Int(min(Int64(max(size, 16 << 10)), remaining))
                    var chunk = ByteBufferAllocator().buffer(capacity: length)
                    for _ in 0..<length { chunk.writeInteger(UInt8(truncatingIfNeeded: random.next())) }
                    try await body(chunk)
                    remaining -= Int64(length)
                }
            case .concatenation(let parts):
                for part in parts { try await part.forEachChunk(of: size, body) }
            case .streamed(let streamed):
                _ = try await streamed.stream(body)
            }
        }
    }

    var head: HTTPResponse
    var body: Body
    /// Where the answer came from: a file (for the metrics), the upstream (for the journal and the
    /// log), or the mock itself.
    var origin = AnswerOrigin.mock

    /// What the proxy did, when the answer came from the upstream.
    var upstream: UpstreamTrace? {
        get {
            if case .upstream(let trace) = origin { return trace }
            return nil
        }
        set { origin = newValue.map(AnswerOrigin.upstream) ?? .mock }
    }

    /// The meter of the file of the folders that answered; nil for any other answer.
    var answeredBy: Unmanaged<RouteMeter>? {
        if case .file(let meter) = origin { return meter }
        return nil
    }

    package init(status: HTTPResponse.Status, headers: HTTPFields = [:], body: Body = .empty) {
        self.head = HTTPResponse(status: status, headerFields: headers)
        self.body = body
    }

    /// A JSON response from text already serialised.
    package static func json(_ status: HTTPResponse.Status, _ text: String, headers: HTTPFields = [:]) -> OutgoingResponse {
        var headers = headers
        headers[.contentType] = ContentType.json
        return OutgoingResponse(status: status, headers: headers, body: .buffer(ByteBuffer(string: text)))
    }

    /// Fills in `Content-Length` where the status allows a body and its length is known (else the
    /// server frames it chunked).
    mutating func frame() {
        // The field first: HTTPTypes parses the status on every read, and a response framed
        // once (by ``ResponseHeaders``) is asked again when written.
        guard body.hasKnownLength, !head.headerFields.has(.contentLength) else { return }
        let code = head.status.code
        if code != 304, code != 204 {
            head.headerFields.append(HTTPField(name: .contentLength, value: String(body.count)))
        }
    }

    /// The head with `Content-Length` filled in (``frame()``): already there for responses that
    /// went through ``ResponseHeaders``, so that the fields are not copied.
    var framedHead: HTTPResponse {
        var framed = self
        framed.frame()
        return framed.head
    }

    /// Writes the response with correct framing, pacing the body; a HEAD request gets the head
    /// only. Returns the number of body bytes written; `kept` gathers them for the journal.
    @discardableResult
    func write(
        to writer: consuming ResponseOutput, omittingBody: Bool, pacing: Pacing = .unpaced,
        keeping kept: inout JournalBody.Gathering
    ) async throws -> Int64 {
        let head = framedHead
        if omittingBody || (body.count == 0 && body.hasKnownLength) {
            try await writer.writeResponse(head)
            return 0
        }
        if case .buffer(let buffer) = body, pacing == .unpaced {
            try await writer.write(response: head, body: buffer)
            kept.append(buffer)
            return Int64(buffer.readableBytes)
        }
        let bodyWriter = try await writer.writeHead(head)
        var pacer = BodyPacer(pacing)
        let sent = try await body.send(pacer: &pacer) { chunk in
            try await bodyWriter.write(chunk)
            kept.append(chunk)
        }
        try await bodyWriter.finish()
        return sent
    }

    /// Writes the response as ``write(to:omittingBody:pacing:keeping:)`` does, keeping nothing.
    @discardableResult
    func write(to writer: consuming ResponseOutput, omittingBody: Bool, pacing: Pacing = .unpaced) async throws -> Int64 {
        var ignored = JournalBody.Gathering(limit: 0)
        return try await write(to: writer, omittingBody: omittingBody, pacing: pacing, keeping: &ignored)
    }
}
