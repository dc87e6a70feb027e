/// What assistive technologies say about a component (Beagle iOS 2.x `Accessibility`).
public struct Accessibility: Codable, Sendable, Hashable {
    /// The label read out.
    public var accessibilityLabel: String?
    /// Whether assistive technologies see the component.
    public var accessible: Bool
    /// Whether the component is a header.
    public var isHeader: Bool?

    /// Creates accessibility details.
    public init(accessibilityLabel: String? = nil, accessible: Bool = true, isHeader: Bool? = false) {
        self.accessibilityLabel = accessibilityLabel
        self.accessible = accessible
        self.isHeader = isHeader
    }
}
