/// Offsets of each edge, for margins, paddings and positions (Beagle iOS 2.x `EdgeValue`).
///
/// Beagle's is a class; this is a struct so that a screen can cross threads (Sendable).
public struct EdgeValue: Codable, Sendable, Hashable {
    /// The left edge.
    public var left: UnitValue?
    /// The top edge.
    public var top: UnitValue?
    /// The right edge.
    public var right: UnitValue?
    /// The bottom edge.
    public var bottom: UnitValue?
    /// Left and right.
    public var horizontal: UnitValue?
    /// Top and bottom.
    public var vertical: UnitValue?
    /// Every edge.
    public var all: UnitValue?

    /// Creates edge values.
    public init(
        left: UnitValue? = nil,
        top: UnitValue? = nil,
        right: UnitValue? = nil,
        bottom: UnitValue? = nil,
        horizontal: UnitValue? = nil,
        vertical: UnitValue? = nil,
        all: UnitValue? = nil
    ) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
        self.horizontal = horizontal
        self.vertical = vertical
        self.all = all
    }
}
