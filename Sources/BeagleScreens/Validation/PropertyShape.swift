/// The JSON a widget property must have for Beagle iOS 2.x's `Codable` declarations to decode
/// it: a `style`, a `context`, an `accessibility`. A value of another shape makes Beagle's
/// decoding throw, and the whole screen fails.
indirect enum PropertyShape: Sendable {
    /// A JSON number (`Double`, `Int`).
    case number
    /// A JSON boolean.
    case bool
    /// A JSON string.
    case string
    /// A number, or a string holding an expression (`Expression<Double>`).
    case numberOrExpression
    /// One of the given strings (an enumeration's raw values), or also an expression when
    /// `expression` is true (`Expression<Display>`).
    case oneOf([String], expression: Bool)
    /// An object with these fields; `required` must be present and not null. Other keys are
    /// ignored, as Codable ignores them.
    case object([String: PropertyShape], required: Set<String> = [])
    /// An object whose every value has `shape` (`[String: String]`).
    case map(PropertyShape)
    /// Any JSON value (`DynamicObject`).
    case any

    /// What a user reads in a message.
    var description: String {
        switch self {
        case .number: "a number"
        case .bool: "a boolean"
        case .string: "a string"
        case .numberOrExpression: "a number or an expression"
        case .oneOf(let values, let expression):
            "one of " + values.joined(separator: ", ") + (expression ? " or an expression" : "")
        case .object: "an object"
        case .map(let shape): "an object of \(shape.description) values"
        case .any: "a value"
        }
    }
}

extension PropertyShape {
    /// Beagle iOS 2.x `UnitValue`: `{"value": 10, "type": "REAL"}`.
    static let unitValue = PropertyShape.object(
        ["value": .numberOrExpression, "type": .oneOf(["AUTO", "REAL", "PERCENT"], expression: false)],
        required: ["value", "type"])

    /// Beagle iOS 2.x `EdgeValue`.
    static let edgeValue = PropertyShape.object(
        Dictionary(
            uniqueKeysWithValues: ["left", "top", "right", "bottom", "horizontal", "vertical", "all"].map { ($0, unitValue) }))

    /// Beagle iOS 2.x `Size`.
    static let size = PropertyShape.object(
        Dictionary(
            uniqueKeysWithValues: ["width", "height", "maxWidth", "maxHeight", "minWidth", "minHeight"].map { ($0, unitValue) }
        ).merging(["aspectRatio": .number]) { first, _ in first })

    /// Beagle iOS 2.x `Flex` and its enumerations.
    static let flex = PropertyShape.object([
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
    static let cornerRadius = PropertyShape.object(
        Dictionary(
            uniqueKeysWithValues: ["radius", "topLeft", "topRight", "bottomLeft", "bottomRight"].map { ($0, numberOrExpression) })
    )

    /// Beagle iOS 2.x `Style`.
    static let style = PropertyShape.object([
        "backgroundColor": .string,
        "cornerRadius": cornerRadius,
        "borderColor": .string,
        "borderWidth": .numberOrExpression,
        "size": size,
        "margin": edgeValue,
        "padding": edgeValue,
        "position": edgeValue,
        "positionType": .oneOf(["RELATIVE", "ABSOLUTE"], expression: false),
        "display": .oneOf(["FLEX", "NONE"], expression: true),
        "flex": flex,
    ])

    /// Beagle iOS 2.x `Context`: an `id` and a `value` of any kind.
    static let context = PropertyShape.object(["id": .string, "value": .any], required: ["id", "value"])

    /// Beagle iOS 2.x `Accessibility`: its `accessible` is not optional, so it is required.
    static let accessibility = PropertyShape.object(
        ["accessibilityLabel": .string, "accessible": .bool, "isHeader": .bool], required: ["accessible"])

    /// Beagle iOS 2.x `HttpAdditionalData` of a route: an `HTTPMethod` (upper case), string
    /// headers, any body.
    static let httpAdditionalData = PropertyShape.object([
        "method": .oneOf(["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH"], expression: false),
        "headers": .map(.string),
        "body": .any,
    ])

    /// Beagle iOS 2.x `SafeArea`.
    static let safeArea = PropertyShape.object(
        Dictionary(uniqueKeysWithValues: ["top", "leading", "bottom", "trailing"].map { ($0, bool) }))
}
