extension DependenciesContainer {
    /// Creates a container whose entries the factories make, each given this container as its
    /// resolver, registered as Beagle's `registerBeagleDependenciesFactory` does.
    convenience init(factories: BeagleDependenciesFactory) {
        self.init()
        // Entries hold the container weakly, so that it does not keep itself alive; whoever
        // resolves an entry holds the container, so the fallback is never used.
        let resolver: @Sendable () -> any DependenciesContainerResolving = { [weak self] in
            self ?? DependenciesContainer()
        }
        let coder = factories.coder
        let registrations = factories.registrations
        register(
            (any CoderProtocol).self,
            resolver: .lazy {
                let made = coder.create(resolver())
                for register in registrations { register(made) }
                return made
            })
        let urlBuilder = factories.urlBuilder
        register((any UrlBuilderProtocol).self, resolver: .lazy { urlBuilder.create(resolver()) })
        let logger = factories.logger
        register(
            (any LoggerProtocol).self, resolver: .factory { LoggerProxy(logger: logger?.create(resolver())) })
        if let networkClient = factories.networkClient {
            register((any NetworkClientProtocol).self, resolver: .lazy { networkClient.create(resolver()) })
        }
        let viewClient = factories.viewClient
        register((any ViewClientProtocol).self, resolver: .factory { viewClient.create(resolver()) })
        let imageDownloader = factories.imageDownloader
        register((any ImageDownloaderProtocol).self, resolver: .factory { imageDownloader.create(resolver()) })
    }
}
