import AsyncHTTPClient
import Logging
import NIOCore

/// An upstream response body with a known length, streamed to the client as it arrives
/// (Docs/Proxy.md): never whole in memory, paced like a file's, and saved by a recording when every
/// byte came through.
///
/// The body can be read once. A fault that keeps only part of it (``prefix(_:)``) reads that part
/// and leaves the rest, which ends the upstream request.
struct UpstreamBody: Sendable {
    /// The body as the HTTP client delivers it.
    let source: HTTPClientResponse.Body
    /// The length the upstream announced.
    let size: Int64
    /// The bytes to send: `size`, or fewer when a fault cut the body.
    let limit: Int64
    /// Who reads the bytes as they pass, to save them; nil when nothing is recorded.
    let recording: RecordingTap?
    /// The upstream, for errors.
    let upstream: String

    /// The first `count` bytes only: a recording then never completes.
    func prefix(_ count: Int64) -> UpstreamBody {
        UpstreamBody(source: source, size: size, limit: min(limit, count), recording: recording, upstream: upstream)
    }

    /// Calls `send` with each piece in order; returns the bytes sent. Throws ``UpstreamBodyError``
    /// when the upstream fails or ends before `limit` bytes.
    func stream(_ send: (ByteBuffer) async throws -> Void) async throws -> Int64 {
        var sent: Int64 = 0
        var iterator = source.makeAsyncIterator()
        while sent < limit {
            let next: ByteBuffer?
            do {
                next = try await iterator.next()
            } catch {
                recording?.abandon()
                throw UpstreamBodyError(upstream: upstream, sent: sent, size: size, reason: UpstreamFailure.reason(error).text)
            }
            guard var chunk = next else {
                recording?.abandon()
                throw UpstreamBodyError(upstream: upstream, sent: sent, size: size, reason: "the body ended early")
            }
            if Int64(chunk.readableBytes) > limit - sent {
                chunk = chunk.getSlice(at: chunk.readerIndex, length: Int(limit - sent)) ?? chunk
            }
            recording?.append(chunk)
            try await send(chunk)
            sent += Int64(chunk.readableBytes)
        }
        if limit == size {
            await recording?.finish()
        } else {
            recording?.abandon()
        }
        return sent
    }
}

/// An upstream that failed in the middle of a body already on its way to the client: the client's
/// connection is reset too, so that it cannot take a cut body for a whole one, and the failure is
/// logged (Docs/Proxy.md, "When the upstream fails").
struct UpstreamBodyError: BodySourceFailure {
    let upstream: String
    /// Body bytes sent before the failure.
    let sent: Int64
    /// The length the upstream announced.
    let size: Int64
    /// What happened.
    let reason: String

    var description: String {
        "the upstream \(upstream) failed after \(sent) of \(size) body bytes (\(reason)); the client's connection was reset"
    }

    var logMetadata: Logger.Metadata { ["upstream": "\(upstream)"] }

    var resetsConnection: Bool { true }
}
