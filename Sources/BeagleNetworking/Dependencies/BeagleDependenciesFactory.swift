/// An app's dependencies as factories, one `BeagleConfiguration` each (the networking part of
/// Beagle iOS 2.1 `BeagleDependenciesFactory`).
///
/// Every factory receives the configuration's resolver: build dependencies that inject others
/// with it (`NetworkClientDefault(resolver)`, `ViewClient(resolver)`), so that they use this
/// configuration's and not the global one.
public struct BeagleDependenciesFactory: Sendable {
    /// Decodes screens; made once per configuration.
    public var coder: Factory<any CoderProtocol> = Factory { _ in Coder() }
    /// Builds request URLs; made once per configuration.
    public var urlBuilder: Factory<any UrlBuilderProtocol> = Factory { _ in UrlBuilder() }
    /// Fetches and prefetches screens; made on every resolve, so each has its own prefetch
    /// cache, as in Beagle.
    public var viewClient: Factory<any ViewClientProtocol> = Factory { resolver in ViewClient(resolver) }
    /// Downloads remote images; made on every resolve.
    public var imageDownloader: Factory<any ImageDownloaderProtocol> = Factory { resolver in ImageDownloader(resolver) }
    /// Receives Beagle's logs; nil drops them.
    public var logger: Factory<any LoggerProtocol>?
    /// Sends requests; nil means none is configured (every fetch then fails with
    /// `networkClientWasNotConfigured`). Made once per configuration.
    public var networkClient: Factory<any NetworkClientProtocol>?

    private(set) var registrations: [@Sendable (any CoderProtocol) -> Void] = []

    /// Creates the defaults.
    public init() {}

    /// Registers a custom component or action with the coder this configuration makes, as
    /// `CoderProtocol.register(type:named:)` does.
    public mutating func register<T: BeagleCodable>(type: T.Type, named: String? = nil) {
        registrations.append { coder in coder.register(type: type, named: named) }
    }
}
