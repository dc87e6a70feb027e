import Foundation

extension ImageDownloaderProtocol {
    /// Downloads the image at `url`, failing with `NetworkFailure.timeout` if it has not
    /// arrived within `deadline`, whatever the downloader does.
    ///
    /// The completion runs exactly once; a timeout or a cancel through the returned token
    /// completes on an arbitrary thread.
    @discardableResult
    public func fetchImage(
        url: String,
        additionalData: HttpAdditionalData?,
        deadline: Duration?,
        completion: @escaping @Sendable (Result<Data, Request.Error>) -> Void
    ) -> any RequestToken {
        RequestRace.start(
            path: url,
            deadline: deadline,
            completion: completion
        ) { finish in
            fetchImage(url: url, additionalData: additionalData, completion: finish)
        }
    }

    /// Downloads the bytes of the image at `url`.
    ///
    /// - Parameters:
    ///   - url: the image's URL, relative to the base URL or absolute.
    ///   - additionalData: the request's method, headers and body, as Beagle's.
    ///   - deadline: fails with `NetworkFailure.timeout` after this long; nil leaves timing to the
    ///     network client.
    ///
    /// Cancelling the calling task cancels this download and throws `NetworkFailure.cancelled`.
    public func fetchImage(
        url: String,
        additionalData: HttpAdditionalData? = nil,
        deadline: Duration? = nil
    ) async throws(Request.Error) -> Data {
        let result: Result<Data, Request.Error> = await RequestRace.result(
            path: url,
            deadline: deadline
        ) { finish in
            fetchImage(url: url, additionalData: additionalData, completion: finish)
        }
        return try result.get()
    }
}
