/// What a fetched URL is to the app.
package enum ProbeItemKind: String, Sendable, Hashable, Codable {
    /// A screen reached by navigation (or the start screen), fetched through the view client.
    case screen
    /// A `beagle:lazyComponent`'s `path`, fetched through the view client when its screen shows.
    case lazyComponent = "lazy"
    /// A remote image, downloaded through the image downloader.
    case image
}
