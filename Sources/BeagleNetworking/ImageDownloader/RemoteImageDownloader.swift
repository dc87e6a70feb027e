import Foundation

/// The link for images on the network: `http:` and `https:` URLs, and BFF paths without a
/// scheme (`/images/beach.jpg`), which the `UrlBuilder` resolves against the base URL.
public struct RemoteImageDownloader: ImageDownloaderLink {
    /// What downloads the images (an `ImageDownloader`, a `CachingImageDownloader`…).
    public let downloader: any ImageDownloaderProtocol

    /// Creates the link around `downloader`.
    public init(_ downloader: any ImageDownloaderProtocol = ImageDownloader()) {
        self.downloader = downloader
    }

    /// True for http, https, and paths without a scheme.
    public func canHandle(url: String, additionalData: HttpAdditionalData?) -> Bool {
        switch url.urlScheme {
        case nil, "http", "https": return !url.isEmpty
        default: return false
        }
    }

    /// Downloads through `downloader`.
    @discardableResult
    public func fetchImage(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping @Sendable (Result<Data, Request.Error>) -> Void
    ) -> (any RequestToken)? {
        downloader.fetchImage(url: url, additionalData: additionalData, completion: completion)
    }
}
