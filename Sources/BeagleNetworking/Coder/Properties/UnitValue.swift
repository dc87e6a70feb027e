/// An amount and its unit, for sizes, margins and positions (Beagle iOS 2.x `UnitValue`).
public struct UnitValue: Codable, Sendable, Hashable {
    /// The amount; may be an expression.
    public var value: Expression<Double>
    /// How the amount is read.
    public var type: UnitType

    /// Zero points.
    public static let zero = UnitValue(value: .value(0), type: .real)
    /// Let the layout decide.
    public static let auto = UnitValue(value: .value(0), type: .auto)

    /// Creates a unit value.
    public init(value: Expression<Double>, type: UnitType) {
        self.value = value
        self.type = type
    }
}

/// The unit of a `UnitValue` (Beagle iOS 2.x `UnitType`).
public enum UnitType: String, Codable, Sendable {
    /// Let the layout decide.
    case auto = "AUTO"
    /// Points.
    case real = "REAL"
    /// A percentage of the parent.
    case percent = "PERCENT"
}
