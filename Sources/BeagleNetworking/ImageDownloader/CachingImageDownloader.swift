import Dispatch
import Foundation

/// An image downloader with a memory cache and request coalescing, in front of another one.
///
/// - Downloaded bytes are kept in a least-recently-used memory cache bounded by
///   `memoryCapacity` bytes; an image larger than that is delivered but not kept. A cached
///   image completes synchronously, on the caller's thread, and returns nil.
/// - Concurrent requests for one image (same `url` and `additionalData`) share one download,
///   as Nuke coalesces them.
/// - Cancelling one request completes it with `NetworkFailure.cancelled` and leaves the others
///   waiting; the shared download is cancelled only when every request for it is.
/// - Downloaded images and cancellations complete on `completionQueue`.
/// - Only successes are cached; a failure reaches every waiter and the next request retries.
public final class CachingImageDownloader: ImageDownloaderProtocol {
    typealias Completion = @Sendable (Result<Data, Request.Error>) -> Void

    struct Key: Hashable, Sendable {
        var url: String
        var additionalData: HttpAdditionalData?
    }

    private struct Download: Sendable {
        let id: UInt64
        var waiters: [UInt64: Completion] = [:]
        var token: (any RequestToken)?
    }

    private struct State: Sendable {
        var cache: LRUCache<Key, Data>
        var downloads: [Key: Download] = [:]
        var nextID: UInt64 = 0

        mutating func makeID() -> UInt64 {
            nextID += 1
            return nextID
        }
    }

    private let upstream: any ImageDownloaderProtocol
    private let state: LockedValue<State>

    /// Where downloaded images and cancellations complete.
    public let completionQueue: DispatchQueue

    /// The most the cached images may take, in bytes.
    public var memoryCapacity: Int {
        state.withLock { $0.cache.costLimit }
    }

    /// Creates a caching downloader.
    ///
    /// - Parameters:
    ///   - upstream: what downloads an image the cache does not have.
    ///   - memoryCapacity: the cache's bound, in bytes (50 MiB by default).
    ///   - completionQueue: where downloaded images and cancellations complete.
    public init(
        upstream: any ImageDownloaderProtocol = ImageDownloader(),
        memoryCapacity: Int = 50 * 1024 * 1024,
        completionQueue: DispatchQueue = CompletionQueue.platformDefault
    ) {
        self.upstream = upstream
        self.completionQueue = completionQueue
        state = LockedValue(State(cache: LRUCache(costLimit: max(memoryCapacity, 0))))
    }

    /// The image from the cache, from a download in flight, or from a new download.
    @discardableResult
    public func fetchImage(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping @Sendable (Result<Data, Request.Error>) -> Void
    ) -> (any RequestToken)? {
        let key = Key(url: url, additionalData: additionalData)

        enum Plan {
            case cached(Data)
            case join(downloadID: UInt64, waiterID: UInt64)
            case start(downloadID: UInt64, waiterID: UInt64)
        }
        let plan: Plan = state.withLock { state in
            if let data = state.cache.value(forKey: key) { return .cached(data) }
            let waiterID = state.makeID()
            if var download = state.downloads[key] {
                download.waiters[waiterID] = completion
                state.downloads[key] = download
                return .join(downloadID: download.id, waiterID: waiterID)
            }
            var download = Download(id: state.makeID())
            download.waiters[waiterID] = completion
            state.downloads[key] = download
            return .start(downloadID: download.id, waiterID: waiterID)
        }

        switch plan {
        case .cached(let data):
            completion(.success(data))
            return nil
        case .join(let downloadID, let waiterID):
            return waiterToken(key: key, downloadID: downloadID, waiterID: waiterID)
        case .start(let downloadID, let waiterID):
            let token = upstream.fetchImage(url: url, additionalData: additionalData) { [self] result in
                finish(key: key, downloadID: downloadID, result: result)
            }
            attach(token, key: key, downloadID: downloadID)
            return waiterToken(key: key, downloadID: downloadID, waiterID: waiterID)
        }
    }

    /// Forgets every cached image; downloads in flight continue.
    public func removeAllCachedImages() {
        state.withLock { $0.cache.removeAll() }
    }

    /// How many bytes the cached images take now.
    public var cachedBytes: Int {
        state.withLock { $0.cache.totalCost }
    }

    /// Whether the image for `url` and `additionalData` is in the cache (without touching its
    /// recency).
    public func isCached(url: String, additionalData: HttpAdditionalData? = nil) -> Bool {
        let key = Key(url: url, additionalData: additionalData)
        return state.withLock { $0.cache.contains(key) }
    }

    /// Keeps the upstream token of a download, unless the download is already over, in which
    /// case a download nobody waits for any more is cancelled.
    private func attach(_ token: (any RequestToken)?, key: Key, downloadID: UInt64) {
        guard let token else { return }
        let stillRunning = state.withLock { state -> Bool in
            guard state.downloads[key]?.id == downloadID else { return false }
            state.downloads[key]?.token = token
            return true
        }
        // Over already: it completed (nothing to cancel) or every waiter left before the token
        // arrived (cancel it, as the last waiter would have).
        if !stillRunning {
            DispatchQueue.global().async { token.cancel() }
        }
    }

    private func finish(key: Key, downloadID: UInt64, result: Result<Data, Request.Error>) {
        let waiters: [Completion] = state.withLock { state in
            guard let download = state.downloads[key], download.id == downloadID else { return [] }
            state.downloads[key] = nil
            if case .success(let data) = result {
                state.cache.insert(data, forKey: key, cost: data.count)
            }
            return Array(download.waiters.values)
        }
        guard !waiters.isEmpty else { return }
        completionQueue.async {
            for waiter in waiters { waiter(result) }
        }
    }

    private func cancelWaiter(key: Key, downloadID: UInt64, waiterID: UInt64) {
        let (waiter, abandonedToken): (Completion?, (any RequestToken)?) = state.withLock { state in
            guard var download = state.downloads[key], download.id == downloadID,
                let waiter = download.waiters.removeValue(forKey: waiterID)
            else { return (nil, nil) }
            if download.waiters.isEmpty {
                state.downloads[key] = nil
                return (waiter, download.token)
            }
            state.downloads[key] = download
            return (waiter, nil)
        }
        guard let waiter else { return }  // already delivered or cancelled
        let error = Request.Error.cancelled(path: key.url)
        completionQueue.async { waiter(.failure(error)) }
        if let abandonedToken {
            // Off this thread: URLSessionTask.cancel() can deadlock on Linux when called from a
            // cancellation handler (swift-corelibs-foundation #5417).
            DispatchQueue.global().async { abandonedToken.cancel() }
        }
    }

    private func waiterToken(key: Key, downloadID: UInt64, waiterID: UInt64) -> any RequestToken {
        ClosureRequestToken { [self] in
            cancelWaiter(key: key, downloadID: downloadID, waiterID: waiterID)
        }
    }
}
