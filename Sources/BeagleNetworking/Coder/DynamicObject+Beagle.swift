import Foundation

/// A JSON object of `DynamicObject` values (Beagle iOS 2.x `DynamicDictionary`).
public typealias DynamicDictionary = [String: DynamicObject]

extension DynamicObject {
    /// The JSON form of any `Encodable` value, or `.empty` when it has none (Beagle iOS 2.x
    /// `init(_:)`; `init(encoding:)` throws instead).
    public init<T: Encodable>(_ object: T) {
        self = (try? DynamicObject(encoding: object)) ?? .empty
    }

    /// The value as plain Swift values (Beagle iOS 2.x `asAny()`): nil for `.empty`, `Bool`,
    /// `Int`, `Double`, `String`, `[Any?]`, `[String: Any?]`, and an expression's text.
    public func asAny() -> Any? {
        switch self {
        case .empty: return nil
        case .bool(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .string(let value), .expression(let value): return value
        case .array(let array): return array.map { $0.asAny() }
        case .dictionary(let dictionary): return dictionary.mapValues { $0.asAny() }
        }
    }

    /// The object's members; empty for any other value (Beagle iOS 2.x `asDictionary()`).
    public func asDictionary() -> DynamicDictionary {
        guard case .dictionary(let dictionary) = self else { return [:] }
        return dictionary
    }

    /// Whether both values are of the same kind, whatever they hold (Beagle iOS 2.x
    /// `isEqualIgnoringAssociatedValues(_:)`).
    public func isEqualIgnoringAssociatedValues(_ anotherObject: DynamicObject) -> Bool {
        switch (self, anotherObject) {
        case (.empty, .empty), (.bool, .bool), (.int, .int), (.double, .double), (.string, .string),
            (.array, .array), (.dictionary, .dictionary), (.expression, .expression):
            return true
        default:
            return false
        }
    }
}

extension DynamicObject: CustomStringConvertible {
    /// The value as Beagle prints it: a string or expression as its text, `.empty` as nothing.
    public var description: String {
        switch self {
        case .empty: return ""
        case .bool(let value): return "\(value)"
        case .int(let value): return "\(value)"
        case .double(let value): return "\(value)"
        case .string(let value), .expression(let value): return value
        case .array(let array): return "\(array)"
        case .dictionary(let dictionary): return "\(dictionary)"
        }
    }
}
