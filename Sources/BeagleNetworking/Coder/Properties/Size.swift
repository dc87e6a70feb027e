/// A component's size and its bounds (Beagle iOS 2.x `Size`).
///
/// Beagle's is a class; this is a struct so that a screen can cross threads (Sendable).
public struct Size: Codable, Sendable, Hashable {
    /// The width.
    public var width: UnitValue?
    /// The height.
    public var height: UnitValue?
    /// The largest width.
    public var maxWidth: UnitValue?
    /// The largest height.
    public var maxHeight: UnitValue?
    /// The smallest width.
    public var minWidth: UnitValue?
    /// The smallest height.
    public var minHeight: UnitValue?
    /// Width divided by height.
    public var aspectRatio: Double?

    /// Creates a size.
    public init(
        width: UnitValue? = nil,
        height: UnitValue? = nil,
        maxWidth: UnitValue? = nil,
        maxHeight: UnitValue? = nil,
        minWidth: UnitValue? = nil,
        minHeight: UnitValue? = nil,
        aspectRatio: Double? = nil
    ) {
        self.width = width
        self.height = height
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.minWidth = minWidth
        self.minHeight = minHeight
        self.aspectRatio = aspectRatio
    }
}
