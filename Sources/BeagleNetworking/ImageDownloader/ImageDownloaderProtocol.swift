import Foundation

/// Downloads the bytes of remote images (Beagle iOS 2.x `ImageDownloaderProtocol`).
///
/// It returns bytes, not decoded images: decoding belongs to the UI layer (Beagle calls
/// `UIImage(data:)`, which gives no image for bytes it cannot decode).
public protocol ImageDownloaderProtocol: Sendable {
    /// Downloads the image at `url` (a BFF path or an absolute URL); the completion runs
    /// exactly once. Returns a token that cancels the download, or nil when none was started.
    @discardableResult
    func fetchImage(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping @Sendable (Result<Data, Request.Error>) -> Void
    ) -> (any RequestToken)?
}
