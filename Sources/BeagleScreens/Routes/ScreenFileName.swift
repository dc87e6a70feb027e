/// What a file in a screens folder stands for, read from its path alone.
///
/// The rules of the screens folder (Docs/ScreensFolder.md):
/// - `home.json` is the route `/home`; `catalog/index.json` is `/catalog`; `index.json` is `/`.
/// - `home.ios.json`, `home.android.json`, `home.web.json`, `home.mobile.json` are platform
///   variants of `/home`; they are not routes by their own name.
/// - `cart.post.json` answers POST to `/cart`; `cart.post.ios.json` is its IOS variant.
/// - Any other file (`banner.png`) is an asset served as is at its own path.
package struct ScreenFileName: Sendable, Hashable {
    /// The path relative to the screens folder, with `/` separators (`catalog/item-1.json`).
    package let relativePath: String
    /// The route this file serves (`/catalog/item-1`), or its own path for assets.
    package let route: String
    /// The platform a variant file is for, nil for the plain file.
    package let platform: BeaglePlatform?
    /// The method a method file answers (`POST`), nil for GET screens and assets.
    package let method: String?
    /// Whether the file is screen JSON (a `.json` file) rather than an asset.
    package let isJSON: Bool

    /// The methods that can have a method file.
    package static let bodyMethods = ["POST", "PUT", "PATCH", "DELETE"]

    /// Reads a relative path such as `catalog/index.ios.json`.
    package init(relativePath: String) {
        self.relativePath = relativePath
        guard relativePath.hasSuffix(".json") else {
            self.route = "/" + relativePath
            self.platform = nil
            self.method = nil
            self.isJSON = false
            return
        }
        isJSON = true
        var stem = String(relativePath.dropLast(".json".count))
        var platform: BeaglePlatform?
        var method: String?
        if let (rest, suffix) = Self.splitSuffix(stem),
            let found = BeaglePlatform.allCases.first(where: { $0 != .all && $0.fileSuffix == suffix })
        {
            platform = found
            stem = rest
        }
        if let (rest, suffix) = Self.splitSuffix(stem), Self.bodyMethods.contains(suffix.uppercased()),
            suffix == suffix.lowercased()
        {
            method = suffix.uppercased()
            stem = rest
        }
        self.platform = platform
        self.method = method
        self.route = Self.route(forStem: stem)
    }

    /// Whether this file is a route by its own name: a plain screen or an asset, not a
    /// platform variant or a method file.
    package var isPrimary: Bool { platform == nil && method == nil }

    /// The route of a file stem: `catalog/index` is `/catalog`, `index` is `/`.
    static func route(forStem stem: String) -> String {
        if stem == "index" { return "/" }
        if stem.hasSuffix("/index") { return "/" + stem.dropLast("/index".count) }
        return "/" + stem
    }

    /// Splits `a/b.c.ios` into (`a/b.c`, `ios`); nil when the last segment has no dot suffix.
    static func splitSuffix(_ stem: String) -> (String, String)? {
        guard let dot = stem.lastIndex(of: ".") else { return nil }
        let suffix = stem[stem.index(after: dot)...]
        let rest = stem[..<dot]
        guard !suffix.contains("/"), !rest.isEmpty, rest.last != "/" else { return nil }
        return (String(rest), String(suffix))
    }
}

extension ScreenFileName {
    /// A file of the images folder: always an asset, served at `/images/<path>` whatever its
    /// extension (a `.json` there is an asset too, not a screen).
    package init(imagePath: String) {
        relativePath = imagePath
        route = "/images/" + imagePath
        platform = nil
        method = nil
        isJSON = false
    }
}
