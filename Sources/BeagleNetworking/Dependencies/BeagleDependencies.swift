/// The dependencies an app configures (the networking part of Beagle iOS 2.x
/// `BeagleDependencies`).
///
/// Beagle has no network client by default (its demo brings `NetworkClientDefault`); neither
/// does this, so set `networkClient` or every fetch fails with `networkClientWasNotConfigured`.
public struct BeagleDependencies: Sendable {
    /// Decodes screens; register custom components and actions here.
    public var coder: any CoderProtocol = Coder()
    /// Builds request URLs; give it the BFF's base URL.
    public var urlBuilder: any UrlBuilderProtocol = UrlBuilder()
    /// Fetches and prefetches screens.
    public var viewClient: any ViewClientProtocol = ViewClient()
    /// Downloads remote images.
    public var imageDownloader: any ImageDownloaderProtocol = ImageDownloader()
    /// Receives Beagle's logs; nil drops them.
    public var logger: (any LoggerProtocol)?
    /// Sends requests; nil means none is configured.
    public var networkClient: (any NetworkClientProtocol)?

    /// Creates the defaults.
    public init() {}
}
