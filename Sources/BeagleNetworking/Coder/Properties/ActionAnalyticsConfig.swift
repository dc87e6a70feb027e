/// Whether and how an action is recorded by analytics, overriding the app's global
/// configuration (Beagle iOS 2.x `ActionAnalyticsConfig`).
///
/// In JSON: `false`, `true`, or an object with `attributes` and `additionalEntries`.
public enum ActionAnalyticsConfig: Sendable, Hashable {
    /// Never recorded.
    case disabled
    /// Always recorded, with these attributes when given.
    case enabled(Attributes? = nil)

    /// What is recorded.
    public struct Attributes: Codable, Sendable, Hashable {
        /// The action's properties to record.
        public var attributes: [String]?
        /// Extra values to record.
        public var additionalEntries: [String: DynamicObject]?

        /// Creates the attributes.
        public init(attributes: [String]? = nil, additionalEntries: [String: DynamicObject]? = nil) {
            self.attributes = attributes
            self.additionalEntries = additionalEntries
        }
    }
}

extension ActionAnalyticsConfig: Codable {
    /// Decodes a boolean, or else the attributes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let isEnabled = try? container.decode(Bool.self) {
            self = isEnabled ? .enabled() : .disabled
        } else {
            self = .enabled(try container.decode(Attributes.self))
        }
    }

    /// Encodes `false`, `true`, or the attributes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .disabled: try container.encode(false)
        case .enabled(nil): try container.encode(true)
        case .enabled(let attributes?): try container.encode(attributes)
        }
    }
}
