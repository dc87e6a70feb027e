import Dispatch
import Foundation

/// A view client that keeps every screen it fetches, not only prefetched ones: the "custom
/// ViewClient" of Beagle's documentation
/// (beagle-docs: content/en/ios/customization/dependencies/view-client.md).
///
/// `fetch` answers from the cache manager when it has the screen (synchronously, returning
/// nil), else fetches, decodes, stores and completes on `completionQueue`. `prefetch` fetches
/// and stores. Unlike the documentation's sample, the body is decoded once.
public struct CachingViewClient: ViewClientProtocol {
    @OptionalInjected var networkClient: (any NetworkClientProtocol)?
    @Injected var urlBuilder: any UrlBuilderProtocol
    @Injected var coder: any CoderProtocol

    /// Where fetched screens are kept.
    public let cacheManager: any CacheManagerProtocol
    /// Where completions of fetched screens run.
    public let completionQueue: DispatchQueue

    /// Creates a view client whose dependencies come from `GlobalConfiguration.resolver`.
    public init(
        cacheManager: any CacheManagerProtocol = MemoryCacheManager(),
        completionQueue: DispatchQueue = CompletionQueue.platformDefault
    ) {
        self.cacheManager = cacheManager
        self.completionQueue = completionQueue
    }

    /// Creates a view client whose dependencies come from `resolver`.
    public init(
        _ resolver: any DependenciesContainerResolving,
        cacheManager: any CacheManagerProtocol = MemoryCacheManager(),
        completionQueue: DispatchQueue = CompletionQueue.platformDefault
    ) {
        _networkClient = OptionalInjected(resolver)
        _urlBuilder = Injected(resolver)
        _coder = Injected(resolver)
        self.cacheManager = cacheManager
        self.completionQueue = completionQueue
    }

    /// Creates a view client with the given dependencies.
    public init(
        networkClient: (any NetworkClientProtocol)?,
        urlBuilder: any UrlBuilderProtocol,
        coder: any CoderProtocol = Coder(),
        cacheManager: any CacheManagerProtocol = MemoryCacheManager(),
        completionQueue: DispatchQueue = CompletionQueue.platformDefault
    ) {
        _networkClient = OptionalInjected(wrappedValue: networkClient)
        _urlBuilder = Injected(wrappedValue: urlBuilder)
        _coder = Injected(wrappedValue: coder)
        self.cacheManager = cacheManager
        self.completionQueue = completionQueue
    }

    /// The cached screen for `url`, or the fetched one.
    @discardableResult
    public func fetch(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping @Sendable (Result<any ServerDrivenComponent, Request.Error>) -> Void
    ) -> (any RequestToken)? {
        if let component = cacheManager.getComponent(for: url) {
            completion(.success(component))
            return nil
        }
        return fetchComponent(url: url, additionalData: additionalData, completion: completion)
    }

    /// Fetches the screen at `url` into the cache.
    public func prefetch(url: String, additionalData: HttpAdditionalData?) {
        fetchComponent(url: url, additionalData: additionalData) { _ in }
    }

    @discardableResult
    private func fetchComponent(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping @Sendable (Result<any ServerDrivenComponent, Request.Error>) -> Void
    ) -> (any RequestToken)? {
        let gate = CompletionGate(completion)
        let queue = completionQueue
        guard let fullURL = urlBuilder.build(path: url) else {
            queue.async { gate.finish(.failure(.urlBuilderError)) }
            return nil
        }
        guard let networkClient else {
            queue.async { gate.finish(.failure(.networkClientWasNotConfigured)) }
            return nil
        }
        let coder = self.coder
        let cacheManager = self.cacheManager
        return networkClient.executeRequest(Request(url: fullURL, additionalData: additionalData)) { result in
            let decoded =
                result
                .mapError { Request.Error.networkError($0) }
                .flatMap { ViewClient.decodeScreen(from: $0.data, with: coder) }
            if case .success(let component) = decoded {
                cacheManager.insert(component: component, url: url)
            }
            queue.async { gate.finish(decoded) }
        }
    }
}
