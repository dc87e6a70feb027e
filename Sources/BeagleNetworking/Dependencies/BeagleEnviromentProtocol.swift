/// The dependencies of a `BeagleConfiguration`, resolved (the networking part of Beagle iOS 2.1
/// `BeagleEnviromentProtocol`, spelled as Beagle spells it).
public protocol BeagleEnviromentProtocol: Sendable {
    /// The configuration's coder: register custom components and actions here.
    var coder: any CoderProtocol { get }
    /// The configuration's logger (one that drops everything when none is configured).
    var logger: any LoggerProtocol { get }
    /// The configuration's URL builder.
    var urlBuilder: any UrlBuilderProtocol { get }
    /// The configuration's network client, if one is configured.
    var networkClient: (any NetworkClientProtocol)? { get }
    /// A view client using this configuration's dependencies.
    var viewClient: any ViewClientProtocol { get }
    /// An image downloader using this configuration's dependencies.
    var imageDownloader: any ImageDownloaderProtocol { get }
}
