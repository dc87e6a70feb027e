import Foundation

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An image downloader that holds every request until the test completes it, counting
/// downloads and cancels.
final class FakeImageDownloader: ImageDownloaderLink {
    private let pending = LockedValue<[String: [@Sendable (Result<Data, Request.Error>) -> Void]]>([:])
    private let handles: @Sendable (String) -> Bool
    /// The URL of every download started.
    let fetches = Recorder<String>()
    /// The URL of every download cancelled.
    let cancels = Recorder<String>()

    init(handles: @escaping @Sendable (String) -> Bool = { _ in true }) {
        self.handles = handles
    }

    var fetchCount: Int {
        fetches.values.count
    }

    func canHandle(url: String, additionalData: HttpAdditionalData?) -> Bool {
        handles(url)
    }

    func fetchImage(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping @Sendable (Result<Data, Request.Error>) -> Void
    ) -> (any RequestToken)? {
        pending.withLock { $0[url, default: []].append(completion) }
        fetches.record(url)
        return ClosureRequestToken { [cancels] in cancels.record(url) }
    }

    /// Completes every held download of `url`.
    func complete(_ url: String, with result: Result<Data, Request.Error>) {
        let completions = pending.withLock { $0.removeValue(forKey: url) } ?? []
        for completion in completions {
            completion(result)
        }
    }
}
