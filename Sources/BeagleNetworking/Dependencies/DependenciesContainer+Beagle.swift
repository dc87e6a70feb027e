import Dispatch

extension DependenciesContainer {
    /// Registers `dependencies` the way Beagle's container does.
    func registerBeagleDependencies(_ dependencies: BeagleDependencies) {
        registerLazy((any UrlBuilderProtocol).self, block: dependencies.urlBuilder)
        registerLazy((any CoderProtocol).self, block: dependencies.coder)
        registerFactory((any LoggerProtocol).self, block: LoggerProxy(logger: dependencies.logger))
        if let networkClient = dependencies.networkClient {
            registerLazy((any NetworkClientProtocol).self, block: networkClient)
        }

        // A default ViewClient or ImageDownloader would resolve from the global resolver; give
        // the container one that uses this container's dependencies instead. They are resolved
        // when the client is first resolved, and the block holds the container weakly, so the
        // container does not keep itself alive through its own entries.
        if let viewClient = dependencies.viewClient as? ViewClient, viewClient.usesGlobalResolver {
            let queue = viewClient.completionQueue
            register(
                (any ViewClientProtocol).self,
                resolver: .lazy { [weak self] in
                    guard let self else { return viewClient }
                    return ViewClient(dependenciesFrom: self, completionQueue: queue)
                })
        } else {
            registerFactory((any ViewClientProtocol).self, block: dependencies.viewClient)
        }

        if let downloader = dependencies.imageDownloader as? ImageDownloader, downloader.usesGlobalResolver {
            let queue = downloader.completionQueue
            register(
                (any ImageDownloaderProtocol).self,
                resolver: .lazy { [weak self] in
                    guard let self else { return downloader }
                    return ImageDownloader(dependenciesFrom: self, completionQueue: queue)
                })
        } else {
            registerFactory((any ImageDownloaderProtocol).self, block: dependencies.imageDownloader)
        }
    }

    /// The dispatcher's dependencies, resolved now from this container.
    func resolvedDispatcher() -> RequestDispatcher {
        // Every fallback below is unreachable after `register(_:)`, which registers all three;
        // they keep a misconfigured container from crashing a request.
        let urlBuilder = (try? resolve() as any UrlBuilderProtocol) ?? UrlBuilder()
        let logger = (try? resolve() as any LoggerProtocol) ?? LoggerProxy(logger: nil)
        let networkClient = try? resolve() as any NetworkClientProtocol
        return RequestDispatcher(urlBuilder: urlBuilder, logger: logger, networkClient: networkClient)
    }
}
