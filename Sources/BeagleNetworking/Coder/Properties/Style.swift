/// How a component looks and is laid out (Beagle iOS 2.x `Style`).
///
/// Beagle's is a class; this is a struct so that a screen can cross threads (Sendable).
public struct Style: Codable, Sendable, Hashable {
    /// The background colour, `#RRGGBB[AA]` or `#RGB[A]`.
    public var backgroundColor: Expression<String>?
    /// Rounded corners.
    public var cornerRadius: CornerRadius?
    /// The border colour, `#RRGGBB[AA]` or `#RGB[A]`.
    public var borderColor: Expression<String>?
    /// The border width.
    public var borderWidth: Expression<Double>?
    /// The size and its bounds.
    public var size: Size?
    /// Space outside the component.
    public var margin: EdgeValue?
    /// Space inside the component.
    public var padding: EdgeValue?
    /// Offsets, read according to `positionType`.
    public var position: EdgeValue?
    /// Whether `position` is relative to the normal place or to the parent.
    public var positionType: PositionType?
    /// Whether the component is shown.
    public var display: Expression<Display>?
    /// Flexbox layout.
    public var flex: Flex?

    /// Creates a style.
    public init(
        backgroundColor: Expression<String>? = nil,
        cornerRadius: CornerRadius? = nil,
        borderColor: Expression<String>? = nil,
        borderWidth: Expression<Double>? = nil,
        size: Size? = nil,
        margin: EdgeValue? = nil,
        padding: EdgeValue? = nil,
        position: EdgeValue? = nil,
        positionType: PositionType? = nil,
        display: Expression<Display>? = nil,
        flex: Flex? = nil
    ) {
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.borderColor = borderColor
        self.borderWidth = borderWidth
        self.size = size
        self.margin = margin
        self.padding = padding
        self.position = position
        self.positionType = positionType
        self.display = display
        self.flex = flex
    }

    /// Whether a component is shown.
    public enum Display: String, Codable, Sendable {
        /// Shown, laid out by flexbox.
        case flex = "FLEX"
        /// Hidden, taking no space.
        case none = "NONE"
    }

    /// How `position` is read.
    public enum PositionType: String, Codable, Sendable {
        /// From the component's normal place.
        case relative = "RELATIVE"
        /// From the parent's edges.
        case absolute = "ABSOLUTE"
    }
}

/// Rounded corners (Beagle iOS 2.x `CornerRadius`).
public struct CornerRadius: Codable, Sendable, Hashable {
    /// Every corner.
    public var radius: Expression<Double>?
    /// The top left corner.
    public var topLeft: Expression<Double>?
    /// The top right corner.
    public var topRight: Expression<Double>?
    /// The bottom left corner.
    public var bottomLeft: Expression<Double>?
    /// The bottom right corner.
    public var bottomRight: Expression<Double>?

    /// Creates corner radii.
    public init(
        radius: Expression<Double>? = nil,
        topLeft: Expression<Double>? = nil,
        topRight: Expression<Double>? = nil,
        bottomLeft: Expression<Double>? = nil,
        bottomRight: Expression<Double>? = nil
    ) {
        self.radius = radius
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
    }
}
