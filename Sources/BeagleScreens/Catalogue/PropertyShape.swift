/// The JSON a plain value must have for Beagle iOS 2.x's `Codable` declarations to decode it: a
/// text, a number, an enumeration, a `style`, a `context`… A value of another shape makes
/// Beagle's decoding throw, and the whole screen fails. ``StructureCheck`` checks values against
/// these shapes and ``ScreenSchema`` writes them as JSON Schema, so that the two agree.
package indirect enum PropertyShape: Sendable, Hashable {
    /// A JSON number (`Double`).
    case number
    /// A JSON number without a fractional part (`Int`).
    case integer
    /// A JSON boolean.
    case bool
    /// A JSON string.
    case string
    /// `Expression<T>`: a value of the shape, or a string holding an expression (`@{…}`).
    case expression(PropertyShape)
    /// One of the given strings (an enumeration's raw values, in the letter case Beagle decodes),
    /// or also an expression when `expression` is true (`Expression<Display>`).
    case oneOf([String], expression: Bool)
    /// An object with these fields; `required` must be present and not null. Other keys are
    /// ignored, as Codable ignores them.
    case object([String: PropertyShape], required: Set<String> = [])
    /// An object whose every value has `shape` (`[String: String]`).
    case map(PropertyShape)
    /// An array whose every element has `shape`.
    case list(PropertyShape)
    /// A value of either shape, tried in order (an action's `analytics`: a boolean or an object).
    case either(PropertyShape, PropertyShape)
    /// Any JSON value (`DynamicObject`).
    case any

    /// What a user reads in a message.
    var description: String {
        switch self {
        case .number: "a number"
        case .integer: "a whole number"
        case .bool: "a boolean"
        case .string: "a string"
        // Any string is an `Expression<String>`: a literal or an expression.
        case .expression(.string): "a string"
        case .expression(let shape): shape.description + " or an expression"
        case .oneOf(let values, let expression):
            "one of " + values.joined(separator: ", ") + (expression ? " or an expression" : "")
        case .object: "an object"
        case .map(let shape): "an object of \(shape.description) values"
        case .list(let shape): "an array of \(shape.pluralDescription)"
        case .either(let first, let second): first.description + " or " + second.description
        case .any: "a value"
        }
    }

    /// The shape's values in the plural, for an array's description.
    var pluralDescription: String {
        switch self {
        case .number: "numbers"
        case .integer: "whole numbers"
        case .bool: "booleans"
        case .string: "strings"
        case .object: "objects"
        default: "values"
        }
    }
}

extension PropertyShape {
    /// Beagle iOS 2.x `UnitValue`: `{"value": 10, "type": "REAL"}`.
    package static let unitValue = PropertyShape.object(
        ["value": .expression(.number), "type": .oneOf(["AUTO", "REAL", "PERCENT"], expression: false)],
        required: ["value", "type"])

    /// Beagle iOS 2.x `EdgeValue`.
    package static let edgeValue = PropertyShape.object(
        Dictionary(
            uniqueKeysWithValues: ["left", "top", "right", "bottom", "horizontal", "vertical", "all"].map { ($0, unitValue) }))

    /// Beagle iOS 2.x `Size`.
    package static let size = PropertyShape.object(
        Dictionary(
            uniqueKeysWithValues: ["width", "height", "maxWidth", "maxHeight", "minWidth", "minHeight"].map { ($0, unitValue) }
        ).merging(["aspectRatio": .number]) { first, _ in first })

    /// Beagle iOS 2.x `Flex` and its enumerations.
    package static let flex = PropertyShape.object([
        "flexDirection": .oneOf(["ROW", "ROW_REVERSE", "COLUMN", "COLUMN_REVERSE"], expression: false),
        "flexWrap": .oneOf(["NO_WRAP", "WRAP", "WRAP_REVERSE"], expression: false),
        "justifyContent": .oneOf(
            ["FLEX_START", "CENTER", "FLEX_END", "SPACE_BETWEEN", "SPACE_AROUND", "SPACE_EVENLY"], expression: false),
        "alignItems": .oneOf(["FLEX_START", "CENTER", "FLEX_END", "BASELINE", "STRETCH"], expression: false),
        "alignSelf": .oneOf(["FLEX_START", "CENTER", "FLEX_END", "BASELINE", "AUTO", "STRETCH"], expression: false),
        "alignContent": .oneOf(
            ["FLEX_START", "CENTER", "FLEX_END", "SPACE_BETWEEN", "SPACE_AROUND", "STRETCH"], expression: false),
        "basis": unitValue,
        "flex": .number,
        "grow": .number,
        "shrink": .number,
    ])

    /// Beagle iOS 2.x `CornerRadius`.
    package static let cornerRadius = PropertyShape.object(
        Dictionary(
            uniqueKeysWithValues: ["radius", "topLeft", "topRight", "bottomLeft", "bottomRight"].map {
                ($0, .expression(.number))
            })
    )

    /// Beagle iOS 2.x `Style`.
    package static let style = PropertyShape.object([
        "backgroundColor": .expression(.string),
        "cornerRadius": cornerRadius,
        "borderColor": .expression(.string),
        "borderWidth": .expression(.number),
        "size": size,
        "margin": edgeValue,
        "padding": edgeValue,
        "position": edgeValue,
        "positionType": .oneOf(["RELATIVE", "ABSOLUTE"], expression: false),
        "display": .oneOf(["FLEX", "NONE"], expression: true),
        "flex": flex,
    ])

    /// Beagle iOS 2.x `Context`: an `id` and a `value` of any kind.
    package static let context = PropertyShape.object(["id": .string, "value": .any], required: ["id", "value"])

    /// Beagle iOS 2.x `Accessibility`: its `accessible` is not optional, so it is required.
    package static let accessibility = PropertyShape.object(
        ["accessibilityLabel": .string, "accessible": .bool, "isHeader": .bool], required: ["accessible"])

    /// Beagle iOS 2.x `HttpAdditionalData` of a route: an `HTTPMethod` (upper case), string
    /// headers, any body.
    package static let httpAdditionalData = PropertyShape.object([
        "method": .oneOf(["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH"], expression: false),
        "headers": .map(.string),
        "body": .any,
    ])

    /// Beagle iOS 2.x `SafeArea`.
    package static let safeArea = PropertyShape.object(
        Dictionary(uniqueKeysWithValues: ["top", "leading", "bottom", "trailing"].map { ($0, bool) }))
}
