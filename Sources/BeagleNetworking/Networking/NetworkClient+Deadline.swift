import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension NetworkClientProtocol {
    /// Sends `request` and fails it with `NetworkFailure.timeout` if it has not completed
    /// within `deadline`, whether or not the client keeps its own timeouts.
    ///
    /// The completion runs exactly once: with the response, the timeout, or a
    /// `NetworkFailure.cancelled` when the returned token is cancelled first. The loser is
    /// cancelled. A timeout or cancel completes on an arbitrary thread.
    @discardableResult
    public func executeRequest(
        _ request: Request,
        deadline: Duration?,
        completion: @escaping RequestCompletion
    ) -> any RequestToken {
        let described = URLRequest(url: request.url)
        return RequestRace.start(
            deadline: deadline,
            timeout: { NetworkError(error: NetworkFailure.timeout, request: described) },
            cancelled: { NetworkError(error: NetworkFailure.cancelled, request: described) },
            completion: completion
        ) { finish in
            executeRequest(request, completion: finish)
        }
    }

    /// Sends `request` and returns its response; throws a `NetworkError` whose `failure` says
    /// what happened.
    ///
    /// - Parameters:
    ///   - request: what to send.
    ///   - deadline: fails the request with `NetworkFailure.timeout` after this long, even if the
    ///     client never completes it; nil leaves timing to the client.
    ///
    /// Cancelling the calling task cancels the request and throws `NetworkFailure.cancelled`.
    public func executeRequest(_ request: Request, deadline: Duration? = nil) async throws(NetworkError) -> NetworkResponse {
        let described = URLRequest(url: request.url)
        let result: NetworkResult = await RequestRace.result(
            deadline: deadline,
            timeout: { NetworkError(error: NetworkFailure.timeout, request: described) },
            cancelled: { NetworkError(error: NetworkFailure.cancelled, request: described) }
        ) { finish in
            executeRequest(request, completion: finish)
        }
        return try result.get()
    }
}
