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
        switch (shape, node.value) {
        case (.any, _):
            return
        case (.number, .number), (.bool, .bool), (.string, .string), (.numberOrExpression, .number):
            return
        case (.numberOrExpression, .string(let text)) where Self.isExpression(text):
            return
        case (.oneOf(let values, let expression), .string(let text)):
            if values.contains(text) || (expression && Self.isExpression(text)) { return }
            problems.append(
                Problem(
                    position: node.position,
                    message: "\(path) must be \(shape.description), not '\(text)' (values are case-sensitive)"))
        case (.object(let fields, let required), .object(let members)):
            for key in required.sorted()
            where node[key] == nil || (node[key]?.isNull == true && fields[key].map(Self.isNullable) != true) {
                problems.append(Problem(position: node.position, message: "\(path) needs \(key)"))
            }
            for member in members {
                guard let fieldShape = fields[member.key], !member.value.isNull else { continue }
                check(member.value, as: fieldShape, path: "\(path).\(member.key)")
            }
        case (.map(let valueShape), .object(let members)):
            for member in members where !member.value.isNull {
                check(member.value, as: valueShape, path: "\(path).\(member.key)")
            }
        default:
            problems.append(
                Problem(position: node.position, message: "\(path) must be \(shape.description), not \(node.kindDescription)"))
        }
    }

    private static func isNullable(_ shape: PropertyShape) -> Bool {
        if case .any = shape { return true }
        return false
    }

    private static func isExpression(_ text: String) -> Bool {
        ScreenReferences.isExpression(text)
    }
}
