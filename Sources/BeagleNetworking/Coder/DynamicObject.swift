import Foundation

/// Any JSON value, as Beagle keeps context values and request bodies (Beagle iOS 2.x).
///
/// A string holding a Beagle expression (`"@{user.name}"`, `"Hi @{user.name}"`) decodes as
/// `.expression`; null decodes as `.empty`.
public enum DynamicObject: Sendable, Hashable {
    /// JSON null.
    case empty
    /// A boolean.
    case bool(Bool)
    /// A number without a fractional part.
    case int(Int)
    /// Any other number.
    case double(Double)
    /// A string that is not an expression.
    case string(String)
    /// An array.
    indirect case array([DynamicObject])
    /// An object.
    indirect case dictionary([String: DynamicObject])
    /// A string holding at least one `@{…}` expression, kept as written.
    case expression(String)

    /// The JSON form of any `Encodable` value; throws what `JSONEncoder` throws.
    public init<T: Encodable>(encoding value: T) throws {
        let data = try JSONEncoder().encode(value)
        self = try JSONDecoder().decode(DynamicObject.self, from: data)
    }
}

extension DynamicObject: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .empty
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = string.containsBeagleExpression ? .expression(string) : .string(string)
        } else if let array = try? container.decode([DynamicObject].self) {
            self = .array(array)
        } else {
            self = .dictionary(try container.decode([String: DynamicObject].self))
        }
    }

    /// Encodes the JSON value; `.empty` as null, `.expression` as its string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .empty: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value), .expression(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .dictionary(let value): try container.encode(value)
        }
    }
}

extension DynamicObject: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `.empty`.
    public init(nilLiteral: ()) { self = .empty }
    /// `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `.int`.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// `.string`, or `.expression` when it holds `@{…}`, as decoding does.
    public init(stringLiteral value: String) {
        self = value.containsBeagleExpression ? .expression(value) : .string(value)
    }
    /// `.array`.
    public init(arrayLiteral elements: DynamicObject...) { self = .array(elements) }
    /// `.dictionary`; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, DynamicObject)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}

extension String {
    /// Whether the string holds a Beagle expression: an `@{` not escaped by a backslash,
    /// closed by a `}` later on.
    var containsBeagleExpression: Bool {
        var searchStart = startIndex
        while let open = self[searchStart...].range(of: "@{") {
            let escaped = open.lowerBound > startIndex && self[index(before: open.lowerBound)] == "\\"
            if !escaped, self[open.upperBound...].contains("}") { return true }
            searchStart = open.upperBound
        }
        return false
    }
}
