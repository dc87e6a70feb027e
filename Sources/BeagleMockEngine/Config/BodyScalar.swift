import BeagleMockHTTP
import BeagleScreens

/// A JSON scalar written under `when: body:`, compared with the request body's value as JSON:
/// numbers by value (`1.0` equals `1`), strings, booleans and null by kind and value.
package enum BodyScalar: Sendable, Hashable, CustomStringConvertible {
    /// A string; a quoted YAML scalar is always one.
    case string(String)
    /// A number, kept as written and compared by value.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// Whether the body's value `value` is this scalar.
    package func equals(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.string(let expected), .string(let found)): expected == found
        case (.number(let expected), .number(let found)): Self.sameNumber(expected, found)
        case (.bool(let expected), .bool(let found)): expected == found
        case (.null, .null): true
        default: false
        }
    }

    /// The scalar's text as a string condition compares it.
    var text: String {
        switch self {
        case .string(let text), .number(let text): text
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        }
    }

    /// A body value's text for `{matches:}` and string equality: strings as they are, numbers
    /// as written, booleans and null by name; objects and arrays have none.
    static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let text), .number(let text): text
        case .bool(let bool): bool ? "true" : "false"
        case .null: "null"
        case .object, .array: nil
        }
    }

    /// Numbers compare by value, so that a body's `2.0` matches `2`; text equality first keeps
    /// integers beyond a double's precision exact.
    private static func sameNumber(_ lhs: String, _ rhs: String) -> Bool {
        if lhs == rhs { return true }
        guard let left = Double(lhs), let right = Double(rhs) else { return false }
        return left == right
    }

    /// The scalar as JSON writes it.
    package var description: String {
        switch self {
        case .string(let text): text.debugDescription
        case .number(let text): text
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        }
    }
}
