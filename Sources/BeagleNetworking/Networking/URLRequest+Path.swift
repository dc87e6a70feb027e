import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// A request naming `path`, for errors raised above the network client (a deadline on a
    /// view client, a cancelled image waiter), where the built request is not at hand.
    init(describingPath path: String) {
        // `URL(string:)` fails only for strings no UrlBuilder accepts either (the empty path),
        // and those fail before any request is sent; the file URL just keeps the text.
        self.init(url: URL(string: path) ?? URL(fileURLWithPath: path))
    }
}

extension Request.Error {
    /// The timeout error for a request of `path`.
    static func timeout(path: String) -> Request.Error {
        .networkError(NetworkError(error: NetworkFailure.timeout, request: URLRequest(describingPath: path)))
    }

    /// The cancellation error for a request of `path`.
    static func cancelled(path: String) -> Request.Error {
        .networkError(NetworkError(error: NetworkFailure.cancelled, request: URLRequest(describingPath: path)))
    }
}
