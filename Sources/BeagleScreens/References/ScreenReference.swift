/// A URL a screen makes Beagle fetch: a screen to navigate to, a lazy component, a request, or
/// a remote image.
package struct ScreenReference: Sendable, Hashable {
    /// What makes Beagle fetch the URL.
    package enum Kind: Sendable, Hashable {
        /// A navigation action with a remote route (`beagle:pushView`, `beagle:pushStack`,
        /// `beagle:resetApplication`, `beagle:resetStack`), named as the catalogue writes it.
        case navigation(action: String)
        /// A `beagle:lazyComponent`'s `path`.
        case lazyComponent
        /// A `beagle:sendRequest` or `beagle:submitForm` with a `url`.
        case request(action: String)
        /// A remote image path (`"_beagleImagePath_": "remote"`).
        case image
    }

    /// What makes Beagle fetch the URL.
    package let kind: Kind
    /// The URL as written.
    package let url: String
    /// Where the URL points.
    package let target: ReferenceTarget
    /// The HTTP method Beagle uses (a route's `httpAdditionalData.method`, a request's `method`;
    /// GET otherwise), uppercased.
    package let method: String
    /// Where the URL's string is in the file.
    package let position: JSONPosition
    /// The platforms (of IOS, ANDROID, WEB) that still see the reference after the
    /// `beaglePlatform` wrappers around it are applied.
    package let platforms: Set<BeaglePlatform>
    /// Whether a navigation route has a `fallback` screen, which Beagle shows when the fetch
    /// fails.
    package let hasFallback: Bool

    /// A reference; usually built by ``ScreenReferences``.
    package init(
        kind: Kind, url: String, method: String = "GET", position: JSONPosition,
        platforms: Set<BeaglePlatform> = Set(BeaglePlatform.requestPlatforms), hasFallback: Bool = false
    ) {
        self.kind = kind
        self.url = url
        self.target = ReferenceTarget.classify(url)
        self.method = method.uppercased()
        self.position = position
        self.platforms = platforms
        self.hasFallback = hasFallback
    }
}
