/// Which edges of a screen keep their content inside the safe area (Beagle iOS 2.x `SafeArea`).
public struct SafeArea: Codable, Sendable, Hashable {
    /// The top edge.
    public var top: Bool?
    /// The leading edge.
    public var leading: Bool?
    /// The bottom edge.
    public var bottom: Bool?
    /// The trailing edge.
    public var trailing: Bool?

    /// Creates safe-area settings.
    public init(top: Bool? = nil, leading: Bool? = nil, bottom: Bool? = nil, trailing: Bool? = nil) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}
