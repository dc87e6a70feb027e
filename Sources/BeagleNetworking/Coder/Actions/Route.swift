/// Where a navigation goes: a screen fetched from the BFF, or one given inline.
public enum Route: Codable, Sendable {
    /// A screen fetched from `url`.
    case remote(NewPath)
    /// A screen given in the JSON, under `screen`.
    case declarative(Screen)

    /// A remote screen: its URL, whether to prefetch it, how to request it, what to show if
    /// the request fails.
    public struct NewPath: Codable, Sendable {
        /// The screen's URL or BFF path; an expression is never prefetched.
        public var url: Expression<String>
        /// Whether Beagle requests the screen as soon as the component holding this route
        /// renders, instead of when the navigation runs.
        public var shouldPrefetch: Bool?
        /// The screen shown when the request fails.
        public var fallback: Screen?
        /// The method, headers and body of the request.
        public var httpAdditionalData: HttpAdditionalData?

        /// Creates a remote route.
        public init(
            url: Expression<String>,
            shouldPrefetch: Bool? = nil,
            fallback: Screen? = nil,
            httpAdditionalData: HttpAdditionalData? = nil
        ) {
            self.url = url
            self.shouldPrefetch = shouldPrefetch
            self.fallback = fallback
            self.httpAdditionalData = httpAdditionalData
        }
    }

    private enum CodingKeys: String, CodingKey {
        case screen
    }

    /// A `screen` key makes a declarative route; anything else is a remote one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Beagle tries the screen with `try?` and falls back to a path, which hides why a
        // broken inline screen failed; deciding by the key keeps its error.
        if container.contains(.screen) {
            self = .declarative(try container.decode(Screen.self, forKey: .screen))
        } else {
            self = .remote(try NewPath(from: decoder))
        }
    }

    /// Encodes the path's fields, or the screen under `screen`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .remote(let newPath):
            try newPath.encode(to: encoder)
        case .declarative(let screen):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(screen, forKey: .screen)
        }
    }
}
