import AsyncHTTPClient
import BeagleMockHTTP
import Logging
import NIOCore

/// An upstream response body streamed to the client as it arrives (Docs/Proxy.md): never whole in
/// memory, paced like a file's, and saved by a recording when every byte came through.
///
/// A body with a `Content-Length` goes out with that length. One without (chunked) reaches this
/// type only when it is longer than the proxy reads ahead: the bytes read ahead go first, then the
/// rest as it arrives, chunked, and faults measure the body by what was read ahead.
///
/// The body can be read once. A fault that keeps only part of it (``prefix(_:)``) reads that part
/// and leaves the rest, which ends the upstream request.
struct UpstreamBody: StreamedBody {
    /// The body as the HTTP client delivers it, after the bytes read ahead.
    let source: UpstreamBodySource
    /// For a body without a length, the read-ahead (8 MiB) by which faults measure it; the bytes
    /// read come first from `source`. 0 for a body with a length.
    let readAhead: Int
    /// The length the upstream announced; nil when it sent none.
    let size: Int64?
    /// The bytes to send when a fault cut the body; nil for all of them.
    let limit: Int64?
    /// Who reads the bytes as they pass, to save them; nil when nothing is recorded.
    let recording: RecordingTap?
    /// The upstream, for errors.
    let upstream: String

    /// Whether the bytes to send are known before they are sent (`Content-Length` can be sent).
    var hasKnownLength: Bool { limit != nil || size != nil }

    /// The bytes to send, as far as they are known: the limit, the announced length, or for a body
    /// without one the bytes read ahead.
    var knownCount: Int64 { limit ?? size ?? Int64(readAhead) }

    /// The first `count` bytes only: a recording then never completes.
    func prefix(_ count: Int64) -> any StreamedBody {
        UpstreamBody(
            source: source, readAhead: readAhead, size: size, limit: min(limit ?? count, count), recording: recording,
            upstream: upstream)
    }

    /// Calls `send` with each piece in order; returns the bytes sent. Throws ``UpstreamBodyError``
    /// when the upstream fails, or ends before its announced length or the limit.
    func stream(_ send: (ByteBuffer) async throws -> Void) async throws -> Int64 {
        let end = limit ?? size
        var sent: Int64 = 0
        func pass(_ chunk: ByteBuffer) async throws {
            var chunk = chunk
            if let end, Int64(chunk.readableBytes) > end - sent {
                chunk = chunk.getSlice(at: chunk.readerIndex, length: Int(end - sent)) ?? chunk
            }
            guard chunk.readableBytes > 0 else { return }
            recording?.append(chunk)
            try await send(chunk)
            sent += Int64(chunk.readableBytes)
        }
        while end.map({ sent < $0 }) ?? true {
            let next: ByteBuffer?
            do {
                next = try await source.next()
            } catch {
                recording?.abandon()
                throw UpstreamBodyError(upstream: upstream, sent: sent, size: size, reason: UpstreamFailure.reason(error).text)
            }
            guard let chunk = next else {
                if end == nil { break }
                recording?.abandon()
                throw UpstreamBodyError(upstream: upstream, sent: sent, size: size, reason: "the body ended early")
            }
            try await pass(chunk)
        }
        if limit == nil || limit == size {
            await recording?.finish()
        } else {
            recording?.abandon()
        }
        return sent
    }
}

/// Where an upstream body comes from: the HTTP client's body, read by one task at a time (the one
/// answering the request), whichever task started reading it.
final class UpstreamBodySource: @unchecked Sendable {
    private var iterator: HTTPClientResponse.Body.AsyncIterator
    /// Pieces read and given back, to come first, in order; each is let go once returned.
    private var returned: [ByteBuffer] = []

    init(_ body: HTTPClientResponse.Body) {
        iterator = body.makeAsyncIterator()
    }

    /// The next piece, or nil at the end of the body.
    func next() async throws -> ByteBuffer? {
        if !returned.isEmpty { return returned.removeFirst() }
        return try await iterator.next()
    }

    /// Gives back pieces already read, to come before the rest, in this order.
    func giveBack(_ pieces: ByteBuffer...) {
        returned.insert(contentsOf: pieces.filter { $0.readableBytes > 0 }, at: 0)
    }
}

/// An upstream that failed in the middle of a body already on its way to the client: the client's
/// connection is reset too, so that it cannot take a cut body for a whole one, and the failure is
/// logged (Docs/Proxy.md, "When the upstream fails").
struct UpstreamBodyError: BodySourceFailure {
    let upstream: String
    /// Body bytes sent before the failure.
    let sent: Int64
    /// The length the upstream announced; nil when it announced none.
    let size: Int64?
    /// What happened.
    let reason: String

    var description: String {
        let of = size.map { "of \($0) " } ?? ""
        return "the upstream \(upstream) failed after \(sent) \(of)body bytes (\(reason)); the client's connection was reset"
    }

    var logMetadata: Logger.Metadata { ["upstream": "\(upstream)"] }

    var resetsConnection: Bool { true }
}
