import BeagleMockHTTP
import BeagleScreens
import HTTPTypes
import NIOCore

/// A request as the read stage leaves it: its decoded path, what it sent, its per-request control
/// and its body, for every stage after.
struct ReadRequest: Sendable {
    /// The request line and headers as received.
    let head: HTTPRequest
    /// The decoded path and the raw query.
    let path: RequestPath
    /// The headers as the client sent them, `Host` restored.
    let headers: SentHeaders
    /// The body, when the request announced one (up to the server's limit).
    let body: ByteBuffer?
    /// `X-Mock-*` headers and `__` query parameters, parsed.
    let control: RequestControl
    /// `/__echo…`: the request answers with itself.
    let isEcho: Bool
    /// The `beagle-platform` the client declared, if any.
    let platform: BeaglePlatform?
    /// When the request's last byte was read: latency counts from there.
    let ended: ContinuousClock.Instant
    /// The client's IP address, when the connection has one (a proxied request's `X-Forwarded-For`).
    var client: String? = nil

    /// The request's method.
    var method: HTTPRequest.Method { head.method }

    /// A HEAD request: the response goes out without its body.
    var omitsBody: Bool { head.method == .head }
}
