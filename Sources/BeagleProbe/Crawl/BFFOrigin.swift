import Foundation

/// The scheme, host and port of a BFF: what Beagle's `UrlBuilder` takes as its base URL, and what
/// decides whether a URL written in a screen belongs to the BFF being probed.
package struct BFFOrigin: Sendable, Hashable, CustomStringConvertible {
    /// `http` or `https`, lower-cased.
    package let scheme: String
    /// The host, lower-cased, without brackets for IPv6 addresses.
    package let host: String
    /// The port, or nil for the scheme's default (80 or 443).
    package let port: Int?

    /// The origin of an `http` or `https` URL; nil for anything else or a URL without a host.
    package init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        self.init(components)
    }

    init?(_ components: URLComponents) {
        guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host.lowercased()
        self.port = components.port
    }

    /// The port requests go to.
    package var effectivePort: Int { port ?? (scheme == "https" ? 443 : 80) }

    /// `http://127.0.0.1:8080`, without a trailing slash.
    package var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (port.map { ":\($0)" } ?? "")
    }

    /// The base URL for Beagle's `UrlBuilder`.
    package var baseURL: URL? { URL(string: description) }

    /// Whether `url` is on this origin (same scheme, host and port).
    package func contains(_ url: URL) -> Bool {
        guard let other = BFFOrigin(url) else { return false }
        return other.scheme == scheme && other.host == host && other.effectivePort == effectivePort
    }

    /// The BFF route a URL written in a screen names: a path starting with `/` as written, an
    /// absolute URL on this origin as its path and query; nil for anything else (another
    /// origin, a path without a leading `/`, another scheme).
    package func route(for reference: String) -> String? {
        if reference.hasPrefix("/") { return Self.withoutFragment(reference) }
        let lowered = reference.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"),
            let components = URLComponents(string: reference),
            let url = components.url, contains(url)
        else { return nil }
        var route = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { route += "?" + query }
        return route
    }

    /// `reference` without its `#fragment`, which no request carries.
    static func withoutFragment(_ reference: String) -> String {
        guard let hash = reference.firstIndex(of: "#") else { return reference }
        return String(reference[..<hash])
    }
}
