import Foundation

extension ViewClientProtocol {
    /// Fetches the screen at `url`, failing with `NetworkFailure.timeout` if it has not arrived
    /// within `deadline`, whatever the view client and its network client do.
    ///
    /// The completion runs exactly once; a timeout or a cancel through the returned token
    /// completes on an arbitrary thread, and its error's request names `url` as given.
    @discardableResult
    public func fetch(
        url: String,
        additionalData: HttpAdditionalData?,
        deadline: Duration?,
        completion: @escaping @Sendable (Result<any ServerDrivenComponent, Request.Error>) -> Void
    ) -> any RequestToken {
        RequestRace.start(
            path: url,
            deadline: deadline,
            completion: completion
        ) { finish in
            fetch(url: url, additionalData: additionalData, completion: finish)
        }
    }

    /// Fetches and decodes the screen at `url`.
    ///
    /// - Parameters:
    ///   - url: the screen's URL, relative to the base URL or absolute.
    ///   - additionalData: the request's method, headers and body, as Beagle's.
    ///   - deadline: fails with `NetworkFailure.timeout` after this long; nil leaves timing to the
    ///     network client.
    ///
    /// Cancelling the calling task cancels the request and throws `NetworkFailure.cancelled`.
    public func fetch(
        url: String,
        additionalData: HttpAdditionalData? = nil,
        deadline: Duration? = nil
    ) async throws(Request.Error) -> any ServerDrivenComponent {
        let result: Result<any ServerDrivenComponent, Request.Error> = await RequestRace.result(
            path: url,
            deadline: deadline
        ) { finish in
            fetch(url: url, additionalData: additionalData, completion: finish)
        }
        return try result.get()
    }
}
