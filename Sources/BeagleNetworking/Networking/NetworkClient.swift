import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Executes the HTTP requests Beagle makes (Beagle iOS 2.x `NetworkClientProtocol`).
///
/// Unlike Beagle's, the completion is `@Sendable` and conformers are `Sendable`, as Swift 6
/// requires of anything called from URLSession's queues.
public protocol NetworkClientProtocol: Sendable {
    /// The error a request completes with.
    typealias Error = NetworkError
    /// The outcome of a request.
    typealias NetworkResult = Result<NetworkResponse, NetworkError>
    /// The handler that receives a request's outcome, exactly once.
    typealias RequestCompletion = @Sendable (NetworkResult) -> Void

    /// Starts `request` and returns a token that cancels it, or nil if it cannot be cancelled.
    @discardableResult
    func executeRequest(_ request: Request, completion: @escaping RequestCompletion) -> (any RequestToken)?
}

/// A successful HTTP response: its body and its metadata.
public struct NetworkResponse: Sendable {
    /// The response body (possibly empty).
    public let data: Data
    /// The response metadata; an `HTTPURLResponse` for HTTP requests.
    public let response: URLResponse

    /// Creates a response from a body and its metadata.
    public init(data: Data, response: URLResponse) {
        self.data = data
        self.response = response
    }
}

/// Something that cancels a request in flight.
public protocol RequestToken: Sendable {
    /// Cancels the request; its completion then reports a cancellation, unless it already ran.
    func cancel()
}

extension URLSessionTask: RequestToken {}
