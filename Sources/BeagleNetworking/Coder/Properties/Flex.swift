/// Flexbox layout of a component and its children, as Yoga reads it (Beagle iOS 2.x `Flex`).
///
/// Beagle's is a class; this is a struct so that a screen can cross threads (Sendable).
public struct Flex: Codable, Sendable, Hashable {
    /// The main axis children are laid out along.
    public var flexDirection: FlexDirection?
    /// Whether children wrap when they overflow the main axis.
    public var flexWrap: Wrap?
    /// How children are aligned along the main axis.
    public var justifyContent: JustifyContent?
    /// How children are aligned along the cross axis.
    public var alignItems: AlignItems?
    /// This component's own alignment along its parent's cross axis.
    public var alignSelf: AlignSelf?
    /// How wrapped lines are distributed along the cross axis.
    public var alignContent: AlignContent?
    /// The default size along the main axis.
    public var basis: UnitValue?
    /// The share of the free space this component takes.
    public var flex: Double?
    /// How much this component grows.
    public var grow: Double?
    /// How much this component shrinks.
    public var shrink: Double?

    /// Creates a flex layout.
    public init(
        flexDirection: FlexDirection? = nil,
        flexWrap: Wrap? = nil,
        justifyContent: JustifyContent? = nil,
        alignItems: AlignItems? = nil,
        alignSelf: AlignSelf? = nil,
        alignContent: AlignContent? = nil,
        basis: UnitValue? = nil,
        flex: Double? = nil,
        grow: Double? = nil,
        shrink: Double? = nil
    ) {
        self.flexDirection = flexDirection
        self.flexWrap = flexWrap
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.alignSelf = alignSelf
        self.alignContent = alignContent
        self.basis = basis
        self.flex = flex
        self.grow = grow
        self.shrink = shrink
    }

    /// The main axis.
    public enum FlexDirection: String, Codable, Sendable {
        /// Leading to trailing.
        case row = "ROW"
        /// Trailing to leading.
        case rowReverse = "ROW_REVERSE"
        /// Top to bottom.
        case column = "COLUMN"
        /// Bottom to top.
        case columnReverse = "COLUMN_REVERSE"
    }

    /// Whether children wrap.
    public enum Wrap: String, Codable, Sendable {
        /// One line.
        case noWrap = "NO_WRAP"
        /// As many lines as needed.
        case wrap = "WRAP"
        /// As many lines as needed, in reverse order.
        case wrapReverse = "WRAP_REVERSE"
    }

    /// Alignment along the main axis.
    public enum JustifyContent: String, Codable, Sendable {
        /// At the start.
        case flexStart = "FLEX_START"
        /// In the centre.
        case center = "CENTER"
        /// At the end.
        case flexEnd = "FLEX_END"
        /// Space between children.
        case spaceBetween = "SPACE_BETWEEN"
        /// Space around children.
        case spaceAround = "SPACE_AROUND"
        /// Equal space everywhere.
        case spaceEvenly = "SPACE_EVENLY"
    }

    /// Alignment of children along the cross axis.
    public enum AlignItems: String, Codable, Sendable {
        /// At the start.
        case flexStart = "FLEX_START"
        /// In the centre.
        case center = "CENTER"
        /// At the end.
        case flexEnd = "FLEX_END"
        /// On the text baseline.
        case baseline = "BASELINE"
        /// Stretched across.
        case stretch = "STRETCH"
    }

    /// A component's own alignment along the cross axis.
    public enum AlignSelf: String, Codable, Sendable {
        /// At the start.
        case flexStart = "FLEX_START"
        /// In the centre.
        case center = "CENTER"
        /// At the end.
        case flexEnd = "FLEX_END"
        /// On the text baseline.
        case baseline = "BASELINE"
        /// As the parent's `alignItems` says.
        case auto = "AUTO"
        /// Stretched across.
        case stretch = "STRETCH"
    }

    /// Distribution of wrapped lines.
    public enum AlignContent: String, Codable, Sendable {
        /// At the start.
        case flexStart = "FLEX_START"
        /// In the centre.
        case center = "CENTER"
        /// At the end.
        case flexEnd = "FLEX_END"
        /// Space between lines.
        case spaceBetween = "SPACE_BETWEEN"
        /// Space around lines.
        case spaceAround = "SPACE_AROUND"
        /// Stretched across.
        case stretch = "STRETCH"
    }
}
