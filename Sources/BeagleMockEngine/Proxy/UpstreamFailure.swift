import AsyncHTTPClient
import BeagleMockHTTP
import Foundation
import HTTPTypes
import NIOCore
import NIOPosix
import NIOSSL

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the upstream gave no response, as the client sees it (Docs/Proxy.md, "When the upstream
/// fails"): 504 when it did not answer in time, 502 otherwise, with a JSON body naming the
/// upstream and the error.
///
/// ```json
/// {"error": "the upstream did not answer: connection refused", "path": "/home", "upstream": "http://127.0.0.1:9000"}
/// ```
struct UpstreamFailure: Encodable, Sendable, Error {
    /// What went wrong, in words a developer can act on.
    let error: String
    /// The request path, decoded.
    let path: String
    /// The upstream, as the banner shows it.
    let upstream: String
    /// Whether the upstream ran out of time (504) rather than failed (502).
    private let timedOut: Bool

    private enum CodingKeys: String, CodingKey { case error, path, upstream }

    /// The failure of a request to `upstream` for `path` that threw `error` before any response
    /// byte reached the client; `timeout` is the limit in force, for the message.
    init(_ error: any Error, upstream: UpstreamURL, path: String, timeout: Duration) {
        self.path = path
        self.upstream = upstream.description
        let reason = Self.reason(error)
        timedOut = reason.timedOut
        self.error =
            reason.timedOut
            ? "the upstream did not answer within \(timeout.specDescription)"
            : "the upstream did not answer: \(reason.text)"
    }

    /// A failure said in words, for bodies that arrive without a length and run too long.
    init(message: String, upstream: UpstreamURL, path: String) {
        self.error = message
        self.path = path
        self.upstream = upstream.description
        timedOut = false
    }

    /// 502 or 504.
    var status: HTTPResponse.Status { timedOut ? .gatewayTimeout : .badGateway }

    /// The response: JSON, never cached.
    var response: OutgoingResponse {
        .json(status, ErrorBody.encode(self), headers: [.cacheControl: "no-store"])
    }

    /// What an error of the HTTP client means, and whether it is a timeout.
    static func reason(_ error: any Error) -> (text: String, timedOut: Bool) {
        if let client = error as? HTTPClientError {
            switch client {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout:
                return ("\(client.shortDescription) (timeout)", true)
            case .remoteConnectionClosed:
                return ("the upstream closed the connection", false)
            default:
                return (client.shortDescription, false)
            }
        }
        if let tls = error as? NIOSSLError {
            let text = "\(tls)"
            if text.contains("CERTIFICATE_VERIFY_FAILED") {
                return ("TLS handshake failed: its certificate is not trusted here (pass its CA with --upstream-ca)", false)
            }
            return ("TLS handshake failed: \(text.prefix(200))", false)
        }
        if let tls = error as? NIOSSLExtraError { return ("TLS: \(tls)", false) }
        if let io = error as? IOError { return (String(cString: strerror(io.errnoCode)).lowercased(), false) }
        if let connect = error as? NIOConnectionError {
            let causes = connect.connectionErrors.map { "\($0.target): \($0.error)" }
            if let dns = connect.dnsAAAAError ?? connect.dnsAError, causes.isEmpty {
                return ("cannot resolve the host: \(dns)", false)
            }
            return (causes.isEmpty ? "cannot connect" : "cannot connect to \(causes.joined(separator: "; "))", false)
        }
        if error is ChannelError, case .connectTimeout = error as? ChannelError { return ("connect timeout", true) }
        return (String(describing: error), false)
    }
}

extension HTTPClientError {
    /// The error's name without the type around it (`connectTimeout`).
    fileprivate var shortDescription: String {
        String(describing: self).replacingOccurrences(of: "HTTPClientError.", with: "")
    }
}
