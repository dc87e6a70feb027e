import Foundation

/// Where a URL written in a screen points, as Beagle's `UrlBuilder` reads it.
package enum ReferenceTarget: Sendable, Hashable {
    /// A path on the BFF itself, which Beagle appends to its base URL (`/catalog`,
    /// `/images/x.png`): the mock must have it. `path` is the path part, percent-decoded once
    /// as the server decodes it, without query or fragment.
    case local(path: String)
    /// An absolute `http` or `https` URL, fetched from wherever it points.
    case absolute(String)
    /// Anything else (`schema://path`, `home`): `UrlBuilder` uses it as is, without the base
    /// URL, so it reaches no BFF.
    case other(String)

    /// Classifies `url` as written in a screen.
    package static func classify(_ url: String) -> ReferenceTarget {
        let lowered = url.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return .absolute(url) }
        guard url.hasPrefix("/") else { return .other(url) }
        let end = url.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? url.endIndex
        let raw = String(url[..<end])
        return .local(path: raw.removingPercentEncoding ?? raw)
    }
}
