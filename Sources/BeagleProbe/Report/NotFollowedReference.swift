/// A URL a screen references that the probe did not fetch, and why.
package struct NotFollowedReference: Sendable, Hashable {
    /// Why a reference was left alone.
    package enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// Further from the start than `--depth` navigation steps.
        case beyondDepth(Int)
        /// An `http(s)` URL on another origin: the probe checks one BFF (images on other
        /// origins are downloaded all the same).
        case otherOrigin
        /// A navigation that sends another method (`httpAdditionalData.method: POST`): the
        /// probe only sends GETs, which change nothing on a real BFF.
        case method(String)
        /// Neither a BFF path (`/…`) nor an `http(s)` or `data:` URL: Beagle's `UrlBuilder` uses
        /// it as is, without the base URL, so it reaches no BFF.
        case notFetchable

        /// The reason in words.
        package var description: String {
            switch self {
            case .beyondDepth(let depth): "beyond --depth \(depth)"
            case .otherOrigin: "another origin"
            case .method(let method): "a \(method) navigation (the probe sends only GET)"
            case .notFetchable: "not a BFF path (/…) or an http(s) URL: Beagle cannot fetch it"
            }
        }

        /// A short name for JSON output: `depth`, `other-origin`, `method`, `not-fetchable`.
        package var code: String {
            switch self {
            case .beyondDepth: "depth"
            case .otherOrigin: "other-origin"
            case .method: "method"
            case .notFetchable: "not-fetchable"
            }
        }
    }

    /// What kind of fetch the reference would have made.
    package let kind: ProbeItemKind
    /// The URL as written in the screen (without a `#fragment`).
    package let url: String
    /// The route of the screen that referenced it first.
    package let referrer: String
    /// Why it was not fetched.
    package let reason: Reason
}
