/// One configuration of Beagle: its own dependencies, resolved from one container (Beagle iOS
/// 2.1 `BeagleConfiguration`).
///
/// ```swift
/// var dependencies = BeagleDependenciesFactory()
/// dependencies.networkClient = Factory { resolver in NetworkClientDefault(resolver) }
/// dependencies.urlBuilder = Factory { _ in UrlBuilder(baseUrl: URL(string: "http://127.0.0.1:8080")) }
/// let configuration = BeagleConfiguration(dependencies: dependencies)
/// configuration.dependencies.coder.register(type: CustomText.self, named: "custom-text")
/// let screen = try await configuration.dependencies.viewClient.fetch(url: "/home", additionalData: nil)
/// ```
///
/// Several configurations live side by side; `BeagleConfigurator.setup(dependencies:)` makes one
/// the global configuration that `@Injected` falls back to.
public final class BeagleConfiguration: Sendable {
    /// Resolves this configuration's dependencies; give it to the `init(_ resolver:)` of a
    /// `ViewClient`, `ImageDownloader` or `NetworkClientDefault`.
    public let resolver: any DependenciesContainerResolving

    /// This configuration's dependencies.
    public let dependencies: any BeagleEnviromentProtocol

    /// Creates a configuration whose dependencies the factories make, registered as Beagle
    /// registers them: coder, URL builder and network client once; view client, image
    /// downloader and logger on every resolve.
    public init(dependencies: BeagleDependenciesFactory) {
        let container = DependenciesContainer(factories: dependencies)
        resolver = container
        self.dependencies = ResolvedEnvironment(container: container)
    }
}

/// The dependencies of a configuration, each resolved when asked for.
private struct ResolvedEnvironment: BeagleEnviromentProtocol {
    let container: DependenciesContainer

    // Every fallback below is unreachable: `DependenciesContainer(factories:)` registers each type.
    var coder: any CoderProtocol { (try? container.resolve() as any CoderProtocol) ?? Coder() }
    var logger: any LoggerProtocol { (try? container.resolve() as any LoggerProtocol) ?? LoggerProxy(logger: nil) }
    var urlBuilder: any UrlBuilderProtocol { (try? container.resolve() as any UrlBuilderProtocol) ?? UrlBuilder() }
    var networkClient: (any NetworkClientProtocol)? { try? container.resolve() as any NetworkClientProtocol }
    var viewClient: any ViewClientProtocol {
        (try? container.resolve() as any ViewClientProtocol) ?? ViewClient(container)
    }
    var imageDownloader: any ImageDownloaderProtocol {
        (try? container.resolve() as any ImageDownloaderProtocol) ?? ImageDownloader(container)
    }
}
