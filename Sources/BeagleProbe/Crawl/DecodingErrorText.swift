import BeagleNetworking
import BeagleScreens

/// Turns the errors a `Coder` throws into one line: where in the screen, and what.
enum DecodingErrorText {
    /// `missing key 'route' at child.children[2].onPress[0]`.
    static func describe(_ error: any Error) -> String {
        if let error = error as? DecodingError {
            switch error {
            case .keyNotFound(let key, let context):
                return "missing key '\(key.stringValue)'" + at(context.codingPath)
            case .valueNotFound(let type, let context):
                return "missing \(type) value" + at(context.codingPath)
            case .typeMismatch(let type, let context):
                return "expected \(typeName(type))" + at(context.codingPath) + detail(context.debugDescription)
            case .dataCorrupted(let context):
                return context.debugDescription + at(context.codingPath)
            @unknown default:
                return "\(error)"
            }
        }
        if let error = error as? BeagleCodableError {
            switch error {
            case .unsupportedType(let name): return "unsupported type \(name)"
            case .unableToFindBeagleTypeKey(let name):
                return "unknown type '\(name)' where neither a component nor an action goes"
            case .unableToCast(let decoded, let into): return "\(decoded) is not a \(into)"
            case .unableToRepresentAsBeagleTypeForEncoding: return "a value whose type has no Beagle name"
            }
        }
        return "\(error)"
    }

    /// ` at child.children[2]`, or nothing at the root.
    static func at(_ path: [any CodingKey]) -> String {
        path.isEmpty ? " at the root" : " at \(path.jsonPath)"
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int.Type, is Double.Type, is Float.Type: "a number"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "\(type)"
        }
    }

    private static func detail(_ description: String) -> String {
        description.isEmpty ? "" : " (\(description))"
    }
}
