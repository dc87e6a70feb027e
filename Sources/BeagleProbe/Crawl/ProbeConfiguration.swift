import BeagleScreens
import Foundation

/// What `beagle-mock probe` crawls and how: where it starts, how deep it follows navigation,
/// which headers and platform it announces, and how long each request may take.
package struct ProbeConfiguration: Sendable {
    /// The BFF's origin, the base URL every BFF path is appended to.
    package var origin: BFFOrigin
    /// The first route fetched (`/home`, with its query if it had one).
    package var startRoute: String
    /// How many navigation steps to follow from the start: 0 fetches only the start screen (and
    /// its lazy components and images).
    package var depth: Int
    /// Headers sent with every request, winning over Beagle's defaults.
    package var headers: [String: String]
    /// The platform announced in `beagle-platform`, as Beagle iOS sends `IOS`.
    package var platform: BeaglePlatform
    /// The most one request may take, after which it fails as a timeout.
    package var timeout: Duration
    /// How many requests run at once.
    package var maximumConcurrentRequests: Int
    /// The largest response body read: a larger one fails as soon as it passes this, so that a
    /// BFF that streams without end cannot fill the memory.
    package var maximumBodySize: Int

    /// The default body limit: far above any screen, and above most images.
    package static let defaultMaximumBodySize = 16 << 20

    /// The default depth: the start screen and three navigation steps from it.
    package static let defaultDepth = 3

    /// A configuration starting at `startURL` (`http://127.0.0.1:8080/home`): the origin is its
    /// scheme, host and port, the start route its path and query.
    package init(
        startURL: String,
        depth: Int = ProbeConfiguration.defaultDepth,
        headers: [String: String] = [:],
        platform: BeaglePlatform = .ios,
        timeout: Duration = .seconds(10),
        maximumConcurrentRequests: Int = 4,
        maximumBodySize: Int = ProbeConfiguration.defaultMaximumBodySize
    ) throws(ProbeConfigurationError) {
        guard let components = URLComponents(string: startURL), components.scheme != nil else {
            throw ProbeConfigurationError("'\(startURL)' is not a URL; write one like http://127.0.0.1:8080/home")
        }
        guard let origin = BFFOrigin(components) else {
            throw ProbeConfigurationError(
                "'\(startURL)' is not an http or https URL with a host; write one like http://127.0.0.1:8080/home")
        }
        guard depth >= 0 else {
            throw ProbeConfigurationError("the depth is \(depth); use 0 (the start screen only) or more")
        }
        guard timeout > .zero else {
            throw ProbeConfigurationError("the timeout must be more than 0")
        }
        guard BeaglePlatform.requestPlatforms.contains(platform) else {
            throw ProbeConfigurationError("the platform is \(platform.rawValue); use IOS, ANDROID or WEB")
        }
        var route = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { route += "?" + query }
        self.origin = origin
        self.startRoute = route
        self.depth = depth
        self.headers = headers
        self.platform = platform
        self.timeout = timeout
        self.maximumConcurrentRequests = max(1, maximumConcurrentRequests)
        self.maximumBodySize = max(1, maximumBodySize)
    }

    /// The headers every request carries on top of the client's own: `beagle-platform` from
    /// ``platform``, then ``headers``. A header named like one of Beagle's defaults in another
    /// letter case takes the default's spelling, so it replaces the default instead of being
    /// sent beside it.
    package var additionalHeaders: [String: String] {
        var result = ["beagle-platform": platform.rawValue]
        let knownNames = ["Content-Type", "beagle-platform"]
        for (name, value) in headers {
            let spelled = knownNames.first { $0.caseInsensitiveCompare(name) == .orderedSame } ?? name
            result[spelled] = value
        }
        return result
    }
}
