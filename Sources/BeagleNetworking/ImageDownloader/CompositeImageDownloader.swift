import Dispatch
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Hands each image request to the first of its links that can handle it.
///
/// The composite is a link itself (it handles what any of its links handles), so composites
/// nest. A request no link handles fails with `NetworkFailure.unsupportedURL`, on
/// `completionQueue`.
///
/// ```swift
/// let images = CompositeImageDownloader([
///     DataURLImageDownloader(),
///     FileImageDownloader(),
///     RemoteImageDownloader(CachingImageDownloader()),
/// ])
/// ```
public struct CompositeImageDownloader: ImageDownloaderLink {
    /// The links, in the order they are asked.
    public let links: [any ImageDownloaderLink]
    /// Where a request no link handles completes.
    public let completionQueue: DispatchQueue

    /// Creates a composite of `links`, asked in order.
    public init(_ links: [any ImageDownloaderLink], completionQueue: DispatchQueue = CompletionQueue.platformDefault) {
        self.links = links
        self.completionQueue = completionQueue
    }

    /// The usual chain: `data:` URLs, `file:` URLs, then `remote` for http, https and BFF paths.
    public static func standard(
        remote: any ImageDownloaderProtocol = ImageDownloader(),
        completionQueue: DispatchQueue = CompletionQueue.platformDefault
    ) -> CompositeImageDownloader {
        CompositeImageDownloader(
            [
                DataURLImageDownloader(completionQueue: completionQueue),
                FileImageDownloader(completionQueue: completionQueue),
                RemoteImageDownloader(remote),
            ],
            completionQueue: completionQueue
        )
    }

    /// Whether any link handles the request.
    public func canHandle(url: String, additionalData: HttpAdditionalData?) -> Bool {
        links.contains { $0.canHandle(url: url, additionalData: additionalData) }
    }

    /// Downloads through the first link that handles the request.
    @discardableResult
    public func fetchImage(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping @Sendable (Result<Data, Request.Error>) -> Void
    ) -> (any RequestToken)? {
        guard let link = links.first(where: { $0.canHandle(url: url, additionalData: additionalData) }) else {
            let error = Request.Error.networkError(
                NetworkError(error: NetworkFailure.unsupportedURL, request: URLRequest(describingPath: url))
            )
            completionQueue.async { completion(.failure(error)) }
            return nil
        }
        return link.fetchImage(url: url, additionalData: additionalData, completion: completion)
    }
}
