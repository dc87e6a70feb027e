import Dispatch
import Foundation

/// Beagle's image downloader (Beagle iOS 2.x `ImageDownloader`): the request goes through
/// the `UrlBuilder` and the network client, and the body is handed back as is, with no cache
/// and no decoding.
///
/// Completions run on `completionQueue`: main on Apple platforms, as in Beagle; a global queue
/// elsewhere (see `CompletionQueue.platformDefault`). For a cache, wrap it in a
/// `CachingImageDownloader`; for `file:` and `data:` URLs, in a `CompositeImageDownloader`.
public struct ImageDownloader: ImageDownloaderProtocol {
    private let dispatcher: RequestDispatcher

    /// Where completions run.
    public let completionQueue: DispatchQueue

    // True when the dependencies come from `GlobalConfiguration`, so that a container built
    // from `BeagleDependencies` can replace this default with one using its own.
    let usesGlobalResolver: Bool

    /// Creates a downloader whose dependencies come from `GlobalConfiguration.resolver`.
    public init(completionQueue: DispatchQueue = CompletionQueue.platformDefault) {
        dispatcher = RequestDispatcher()
        self.completionQueue = completionQueue
        usesGlobalResolver = true
    }

    /// Creates a downloader whose dependencies come from `resolver`, resolved on first use.
    public init(_ resolver: any DependenciesContainerResolving, completionQueue: DispatchQueue = CompletionQueue.platformDefault)
    {
        dispatcher = RequestDispatcher(resolver)
        self.completionQueue = completionQueue
        usesGlobalResolver = false
    }

    /// Creates a downloader with the given dependencies; no container needed.
    public init(
        networkClient: (any NetworkClientProtocol)?,
        urlBuilder: any UrlBuilderProtocol,
        logger: (any LoggerProtocol)? = nil,
        completionQueue: DispatchQueue = CompletionQueue.platformDefault
    ) {
        dispatcher = RequestDispatcher(
            urlBuilder: urlBuilder,
            logger: LoggerProxy(logger: logger),
            networkClient: networkClient
        )
        self.completionQueue = completionQueue
        usesGlobalResolver = false
    }

    /// Creates a downloader with dependencies resolved now from `container`.
    init(dependenciesFrom container: DependenciesContainer, completionQueue: DispatchQueue) {
        dispatcher = container.resolvedDispatcher()
        self.completionQueue = completionQueue
        usesGlobalResolver = false
    }

    /// Downloads the bytes at `url`.
    @discardableResult
    public func fetchImage(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping @Sendable (Result<Data, Request.Error>) -> Void
    ) -> (any RequestToken)? {
        let gate = CompletionGate(completion)
        let queue = completionQueue
        return dispatcher.dispatchRequest(path: url, additionalData: additionalData) { result in
            let data = result.map(\.data)
            queue.async { gate.finish(data) }
        }
    }
}
