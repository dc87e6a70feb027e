import Dispatch
import Foundation

/// Beagle's view client (Beagle iOS 2.x `ViewClient`): builds the URL, sends the request
/// through the network client, decodes the screen with the coder.
///
/// - `prefetch` stores the decoded screen; the next `fetch` of the same `url` string takes it
///   (synchronously, on the caller's thread, returning nil) and the one after goes to the
///   network again. Only successes are stored; the key is the `url` as given, before the
///   `UrlBuilder` runs, and ignores `additionalData`, as in Beagle.
/// - Unlike Beagle, prefetching a URL that is already stored keeps it (Beagle's consumed it).
/// - Other completions run on `completionQueue`: main on Apple platforms, as in Beagle; a
///   global queue elsewhere (see `CompletionQueue.platformDefault`).
/// - Copies share one prefetch cache.
public struct ViewClient: ViewClientProtocol {
    @Injected var coder: any CoderProtocol
    private let dispatcher: RequestDispatcher
    let cache = PrefetchCache()

    /// Where completions run, except a prefetched screen's, which completes synchronously.
    public let completionQueue: DispatchQueue

    // True when the dependencies come from `GlobalConfiguration`, so that a container built
    // from `BeagleDependencies` can replace this default with one using its own.
    let usesGlobalResolver: Bool

    /// Creates a view client whose dependencies come from `GlobalConfiguration.resolver`.
    public init(completionQueue: DispatchQueue = CompletionQueue.platformDefault) {
        dispatcher = RequestDispatcher()
        self.completionQueue = completionQueue
        usesGlobalResolver = true
    }

    /// Creates a view client whose dependencies come from `resolver`, resolved on first use.
    public init(_ resolver: any DependenciesContainerResolving, completionQueue: DispatchQueue = CompletionQueue.platformDefault)
    {
        _coder = Injected(resolver)
        dispatcher = RequestDispatcher(resolver)
        self.completionQueue = completionQueue
        usesGlobalResolver = false
    }

    /// Creates a view client with the given dependencies; no container needed.
    public init(
        networkClient: (any NetworkClientProtocol)?,
        urlBuilder: any UrlBuilderProtocol,
        coder: any CoderProtocol = Coder(),
        logger: (any LoggerProtocol)? = nil,
        completionQueue: DispatchQueue = CompletionQueue.platformDefault
    ) {
        _coder = Injected(wrappedValue: coder)
        dispatcher = RequestDispatcher(
            urlBuilder: urlBuilder,
            logger: LoggerProxy(logger: logger),
            networkClient: networkClient
        )
        self.completionQueue = completionQueue
        usesGlobalResolver = false
    }

    /// Creates a view client with dependencies resolved now from `container`.
    init(dependenciesFrom container: DependenciesContainer, completionQueue: DispatchQueue) {
        _coder = Injected(wrappedValue: (try? container.resolve() as any CoderProtocol) ?? Coder())
        dispatcher = container.resolvedDispatcher()
        self.completionQueue = completionQueue
        usesGlobalResolver = false
    }

    /// Fetches the screen at `url`, or takes it from the prefetch cache.
    @discardableResult
    public func fetch(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping @Sendable (Result<any ServerDrivenComponent, Request.Error>) -> Void
    ) -> (any RequestToken)? {
        if let screen = cache.take(url) {
            completion(.success(screen))
            return nil
        }
        return load(url: url, additionalData: additionalData, storeInCache: false, completion: completion)
    }

    /// Fetches the screen at `url` into the prefetch cache, unless it is already there.
    public func prefetch(url: String, additionalData: HttpAdditionalData?) {
        guard !cache.contains(url) else { return }
        load(url: url, additionalData: additionalData, storeInCache: true) { _ in }
    }

    @discardableResult
    func load(
        url: String,
        additionalData: HttpAdditionalData?,
        storeInCache: Bool,
        completion: @escaping @Sendable (Result<any ServerDrivenComponent, Request.Error>) -> Void
    ) -> (any RequestToken)? {
        let gate = CompletionGate(completion)
        let coder = self.coder
        let cache = self.cache
        let queue = completionQueue
        return dispatcher.dispatchRequest(path: url, additionalData: additionalData) { result in
            let decoded = result.flatMap { Self.decodeScreen(from: $0.data, with: coder) }
            if storeInCache, case .success(let screen) = decoded {
                cache.insert(screen, forKey: url)
            }
            queue.async { gate.finish(decoded) }
        }
    }

    static func decodeScreen(
        from data: Data,
        with coder: any CoderProtocol
    ) -> Result<any ServerDrivenComponent, Request.Error> {
        do {
            return .success(try coder.decode(from: data))
        } catch {
            return .failure(.decoding(error))
        }
    }
}

extension ViewClient {
    /// Prefetches the screen at `url` and returns once it is stored (or has failed), so the
    /// next `fetch` of `url` is served from the cache.
    ///
    /// - Parameters:
    ///   - url: the screen's URL, relative to the base URL or absolute.
    ///   - additionalData: the request's method, headers and body, as Beagle's.
    ///   - deadline: stops waiting with `NetworkFailure.timeout` after this long; the screen may
    ///     still be stored when it arrives later.
    public func prefetch(
        url: String,
        additionalData: HttpAdditionalData? = nil,
        deadline: Duration?
    ) async throws(Request.Error) {
        if cache.contains(url) { return }
        let result: Result<any ServerDrivenComponent, Request.Error> = await RequestRace.result(
            path: url,
            deadline: deadline
        ) { finish in
            load(url: url, additionalData: additionalData, storeInCache: true, completion: finish)
        }
        _ = try result.get()
    }
}
