import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A failed request: what went wrong, with the request and whatever response arrived
/// (Beagle iOS 2.x `NetworkError`).
///
/// `NetworkClientDefault` puts URLSession's `URLError` in `error` for a transport failure (an
/// offline device's `-1009 notConnectedToInternet` included), as Beagle's does, and a
/// `NetworkFailure` for an HTTP status outside 200...299. Read `failure` to switch on what happened
/// whichever client produced the error, or `urlError` for URLSession's own code.
public struct NetworkError: Error, Sendable {
    /// The cause: a `URLError` for a transport failure, a `NetworkFailure` for an HTTP status.
    public let error: any Error
    /// The response body, when one arrived (for an HTTP error status, say).
    public let data: Data?
    /// The request that failed.
    public let request: URLRequest
    /// The response metadata, when a response arrived.
    public let response: URLResponse?

    /// Creates a network error.
    public init(error: any Error, data: Data? = nil, request: URLRequest, response: URLResponse? = nil) {
        self.error = error
        self.data = data
        self.request = request
        self.response = response
    }

    /// The transport failure as URLSession reported it (also on Linux, where URLSession reports
    /// an `NSError` that does not cast to `URLError`); nil when `error` is of another kind.
    public var urlError: URLError? {
        URLError(bridging: error)
    }

    /// What happened, as one enumeration, whatever kind of error `error` holds; several
    /// `URLError` codes name one failure (`.cannotConnect` is refused, unknown host or offline).
    public var failure: NetworkFailure {
        if let failure = error as? NetworkFailure { return failure }
        return NetworkFailure(error, request: request, response: response, data: data)
    }
}

extension NetworkError: CustomStringConvertible {
    /// The failure and the request it happened to.
    public var description: String {
        let method = request.httpMethod ?? "GET"
        let url = request.url?.absoluteString ?? "(no URL)"
        return "\(failure) (\(method) \(url))"
    }
}
