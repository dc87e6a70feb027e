/// What a request for a path resolves to in a ``ScreenFolder``.
package enum ScreenResolution: Sendable, Hashable {
    /// A file to serve.
    case found(ScreenMatch)
    /// Nothing at that route: 404.
    case notFound(route: String)
    /// The route exists, but not for this method: 405 with `Allow: allowed`.
    case methodNotAllowed(route: String, allowed: [String])

    /// The file to serve, if any.
    package var match: ScreenMatch? {
        if case .found(let match) = self { return match }
        return nil
    }
}

/// The file chosen for a request, and why.
package struct ScreenMatch: Sendable, Hashable {
    /// The file to serve.
    package let file: ScreenFile
    /// The route asked for, normalised (`/catalog`, `/`, `/images/beach.jpg`).
    package let route: String
    /// The platform of the variant file chosen (`home.ios.json` gives IOS; `home.mobile.json`
    /// gives MOBILE), nil when the plain file or an asset was chosen.
    package let platform: BeaglePlatform?
    /// Whether the route has platform variants for this method, so that the answer depends on
    /// the `beagle-platform` header and a response should carry `Vary: beagle-platform`.
    package let variesByPlatform: Bool
    /// The values of the `[name]` segments of the file's route (`id` → `42` when
    /// `product/[id].json` answers `/product/42`); empty for a route without parameters.
    package let parameters: [String: String]

    /// A match; `parameters` as the route's binding gives them.
    init(
        file: ScreenFile, route: String, platform: BeaglePlatform?, variesByPlatform: Bool,
        parameters: [String: String] = [:]
    ) {
        self.file = file
        self.route = route
        self.platform = platform
        self.variesByPlatform = variesByPlatform
        self.parameters = parameters
    }
}
