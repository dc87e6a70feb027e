import HTTPTypes
import HummingbirdCore
import NIOCore

/// A request as ``HTTPConnectionHandler`` hands it to the pipeline: its head, and its body as it
/// arrives. (HummingbirdCore's `Request` also parses the target into a `URI` for every request,
/// which nothing here reads: the read stage decodes the path itself.)
package struct ReceivedRequest: Sendable {
    package let head: HTTPRequest
    package var body: RequestBody
    /// Whether the head announces a body (``HTTPRequest/announcesBody``, read once by the
    /// connection): when it does not, `body` is empty and nothing waits for one.
    package let announcesBody: Bool
    /// The client's IP address, as its connection says (nil when the socket has none, a Unix
    /// domain socket's).
    package let client: String?
    /// Whether it came over TLS (the HTTPS port).
    package let tls: Bool

    /// Reads the whole body, up to `limit` bytes (`NIOTooManyBytesError` beyond), and keeps it for
    /// whoever reads it next.
    package mutating func collectBody(upTo limit: Int) async throws -> ByteBuffer {
        let buffer = try await body.collect(upTo: limit)
        body = RequestBody(buffer: buffer)
        return buffer
    }
}
