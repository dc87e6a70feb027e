import Dispatch
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The link for `file:` URLs: reads the file, off the caller's thread.
///
/// A file that cannot be read fails with `NetworkFailure.transport`, carrying the file
/// system's error code and message.
public struct FileImageDownloader: ImageDownloaderLink {
    /// Where completions run.
    public let completionQueue: DispatchQueue

    /// Creates the link.
    public init(completionQueue: DispatchQueue = CompletionQueue.platformDefault) {
        self.completionQueue = completionQueue
    }

    /// True for `file:` URLs.
    public func canHandle(url: String, additionalData: HttpAdditionalData?) -> Bool {
        url.urlScheme == "file"
    }

    /// Reads the file; the token drops the result if cancelled first.
    @discardableResult
    public func fetchImage(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping @Sendable (Result<Data, Request.Error>) -> Void
    ) -> (any RequestToken)? {
        let gate = CompletionGate(completion)
        let queue = completionQueue
        DispatchQueue.global().async {
            let result = Self.read(url)
            queue.async { gate.finish(result) }
        }
        return ClosureRequestToken {
            queue.async { gate.finish(.failure(.cancelled(path: url))) }
        }
    }

    private static func read(_ url: String) -> Result<Data, Request.Error> {
        guard let fileURL = URL(string: url), fileURL.isFileURL else {
            return .failure(
                .networkError(
                    NetworkError(
                        error: NetworkFailure.invalidRequest(reason: "'\(url)' is not a valid file URL"),
                        request: URLRequest(describingPath: url)
                    )
                )
            )
        }
        do {
            return .success(try Data(contentsOf: fileURL))
        } catch {
            let nsError = error as NSError
            let failure = NetworkFailure.transport(code: nsError.code, message: nsError.localizedDescription)
            return .failure(.networkError(NetworkError(error: failure, request: URLRequest(url: fileURL))))
        }
    }
}
