import Foundation

/// What happened to a request that failed, in one enumeration, the same on Linux and Apple
/// platforms.
///
/// URLSession reports the same fault with different `URLError` codes on each platform (see
/// `NetworkFailure.init(_:request:response:data:)`); this type names the fault instead.
public enum NetworkFailure: Error, Sendable, Hashable {
    /// No complete response before the deadline (ours, or URLSession's `timeoutInterval`).
    case timeout
    /// The connection was reset or lost before the response was complete.
    case connectionReset
    /// The server closed the connection without sending a byte.
    case emptyResponse
    /// The server closed the connection before the body it announced was complete.
    case truncatedResponse
    /// The bytes received were not a valid HTTP response (a garbage status line, broken
    /// chunked framing), or the response was not an HTTP response.
    case malformedResponse
    /// The request was cancelled (its token, or the awaiting task).
    case cancelled
    /// No connection could be made: refused, unknown host, no network.
    case cannotConnect
    /// The URL is invalid, or nothing handles it (an unknown scheme, say).
    case unsupportedURL
    /// The request could not be built, for the reason given (a body that is not valid JSON).
    case invalidRequest(reason: String)
    /// An HTTP response arrived with a status outside 200...299 (Beagle treats 304 as a
    /// failure too); `body` is what came with it.
    case httpStatus(code: Int, body: Data)
    /// The server's certificate was not trusted: signed by a CA this system does not trust (a
    /// private one, like beagle-mock's local CA), for another host name, expired or not yet valid.
    /// `message` is the system's: on Apple platforms `URLError` -1202 (or -1201, -1203, -1204),
    /// on Linux -1 with libcurl's words, like "SSL certificate problem: unable to get local issuer
    /// certificate". The library never turns the check off; trust the CA instead (Docs/HTTPS.md).
    case untrustedCertificate(message: String)
    /// Any other transport failure, with the underlying error's code and message.
    case transport(code: Int, message: String)
    /// The response's body passed `limit` bytes (``NetworkClientDefault/maximumBodySize``, off
    /// unless set; Beagle has no such limit): the transfer was cancelled there.
    case bodyTooLarge(limit: Int)
}

extension NetworkFailure: CustomStringConvertible {
    /// A message a user can act on.
    public var description: String {
        switch self {
        case .timeout:
            return "timed out: no complete response before the deadline"
        case .connectionReset:
            return "connection reset or lost before the response was complete"
        case .emptyResponse:
            return "empty response: the server closed the connection without sending anything"
        case .truncatedResponse:
            return "truncated response: the connection closed before the announced body was complete"
        case .malformedResponse:
            return "malformed response: the bytes received are not a valid HTTP response"
        case .cancelled:
            return "cancelled"
        case .cannotConnect:
            return "could not connect to the server (is it running, and is the host and port right?)"
        case .unsupportedURL:
            return "unsupported or invalid URL: nothing handles it"
        case .invalidRequest(let reason):
            return "the request could not be built: \(reason)"
        case .httpStatus(let code, let body):
            let text = String(decoding: body.prefix(512), as: UTF8.self)
            return body.isEmpty ? "HTTP status \(code)" : "HTTP status \(code): \(text)"
        case .untrustedCertificate(let message):
            return "the server's certificate is not trusted here: \(message)"
        case .transport(let code, let message):
            return "transport error \(code): \(message)"
        case .bodyTooLarge(let limit):
            return "the response body is larger than \(limit) bytes, the most this client reads"
        }
    }
}
