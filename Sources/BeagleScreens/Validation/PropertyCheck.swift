/// Checks a widget property (`style`, `context`, `accessibility`, `safeArea`) against the
/// shape Beagle iOS 2.x's declarations decode, reporting each place that makes decoding throw.
struct PropertyCheck {
    /// A place that does not decode, and why.
    struct Problem {
        let position: JSONPosition
        let message: String
    }

    private(set) var problems: [Problem] = []

    /// Checks `node`, found at `path` (`style.flex.justifyContent`), against `shape`.
    mutating func check(_ node: JSONNode, as shape: PropertyShape, path: String) {
        if !problem(with: node, as: shape, path: path) { return }
        problems.append(
            Problem(position: node.position, message: "\(path) must be \(shape.description), not \(found(node, for: shape))"))
    }

    /// Checks `node` against `shape`, reporting what is wrong inside an object, map or array
    /// that is one; true when `node` itself is not of the shape (the caller says so).
    private mutating func problem(with node: JSONNode, as shape: PropertyShape, path: String) -> Bool {
        switch (shape, node.value) {
        case (.any, _):
            return false
        case (.number, .number), (.bool, .bool), (.string, .string):
            return false
        case (.integer, .number(let text)):
            return !Self.isWhole(text)
        case (.expression, .string(let text)) where Self.isExpression(text):
            return false
        case (.expression(let inner), _):
            return problem(with: node, as: inner, path: path)
        case (.oneOf(let values, let expression), .string(let text)):
            return !(values.contains(text) || (expression && Self.isExpression(text)))
        case (.either(let first, let second), _):
            // The first that fits; when neither does, the value is reported against both.
            var trial = PropertyCheck()
            if !trial.problem(with: node, as: first, path: path), trial.problems.isEmpty { return false }
            return problem(with: node, as: second, path: path)
        case (.object(let fields, let required), .object(let members)):
            for key in required.sorted()
            where node[key] == nil || (node[key]?.isNull == true && fields[key].map(Self.isNullable) != true) {
                problems.append(Problem(position: node.position, message: "\(path) needs \(key)"))
            }
            for member in members {
                guard let fieldShape = fields[member.key], !member.value.isNull else { continue }
                check(member.value, as: fieldShape, path: "\(path).\(member.key)")
            }
            return false
        case (.map(let valueShape), .object(let members)):
            for member in members where !member.value.isNull {
                check(member.value, as: valueShape, path: "\(path).\(member.key)")
            }
            return false
        case (.list(let elementShape), .array(let elements)):
            for (index, element) in elements.enumerated() where !element.isNull {
                check(element, as: elementShape, path: "\(path)[\(index)]")
            }
            return false
        default:
            return true
        }
    }

    /// How the value found reads in a message: an enumeration's value quoted, with a reminder of
    /// letter case; otherwise its kind.
    private func found(_ node: JSONNode, for shape: PropertyShape) -> String {
        if case .oneOf = shape, let text = node.string { return "'\(text)' (values are case-sensitive)" }
        if case .expression(.oneOf) = shape, let text = node.string { return "'\(text)' (values are case-sensitive)" }
        if case .integer = shape, case .number(let text) = node.value { return text }
        return node.kindDescription
    }

    /// Whether a JSON number's text has no fractional part (`2`, `2.0`, `2e3`), as an `Int`
    /// and JSON Schema's `integer` take it.
    static func isWhole(_ text: String) -> Bool {
        guard let value = Double(text), value.isFinite else { return false }
        return value.rounded(.towardZero) == value
    }

    private static func isNullable(_ shape: PropertyShape) -> Bool {
        if case .any = shape { return true }
        return false
    }

    private static func isExpression(_ text: String) -> Bool {
        ScreenReferences.isExpression(text)
    }
}
