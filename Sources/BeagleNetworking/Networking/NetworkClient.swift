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
