/// A property that holds either a value or a Beagle expression to be evaluated against the
/// screen's context (Beagle iOS 2.x `Expression<T>`).
///
/// In JSON, a string holding `@{…}` is an expression; anything else decodes as `T`.
/// Foundation also has a type named `Expression`: outside this module write
/// `BeagleNetworking.Expression` where both are imported.
public enum Expression<T: Codable & Sendable>: Sendable {
    /// A literal value.
    case value(T)
    /// An expression such as `@{user.name}` or `Hi @{user.name}`, kept as written.
    case expression(String)

    /// The literal value, or nil for an expression.
    public var value: T? {
        if case .value(let value) = self { return value }
        return nil
    }
}

extension Expression: Codable {
    /// Decodes an expression string, or else a `T`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self), string.containsBeagleExpression {
            self = .expression(string)
        } else {
            self = .value(try container.decode(T.self))
        }
    }

    /// Encodes the value or the expression string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .value(let value): try container.encode(value)
        case .expression(let expression): try container.encode(expression)
        }
    }
}

extension Expression: Equatable where T: Equatable {}
extension Expression: Hashable where T: Hashable {}
