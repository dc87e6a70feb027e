import BeagleMockHTTP
import BeagleScreens

/// What one `when:` entry asks of a value: equal to a string (query, headers), equal to a JSON
/// scalar (body), a whole-value regular expression, or presence (Docs/Configuration.md,
/// "Request matching").
package enum RequestCondition: Sendable, Hashable, CustomStringConvertible {
    /// `name: value`: one of the values equals this string.
    case equals(String)
    /// `path: value` under `body:`: the JSON value there equals this scalar, compared as JSON
    /// (`42` is the number, `"42"` the string).
    case equalsJSON(BodyScalar)
    /// `{matches: REGEX}`: one of the values matches the whole expression.
    case matches(ConditionRegex)
    /// `{present: true|false}`: whether the name is there at all.
    case present(Bool)

    /// Whether `values` (every value the request gave under the name; empty when absent) hold.
    package func holds(for values: [String]) -> Bool {
        switch self {
        case .equals(let expected): values.contains(expected)
        case .equalsJSON(let expected): values.contains(expected.text)
        case .matches(let regex): values.contains(where: regex.matches)
        case .present(let present): values.isEmpty != present
        }
    }

    /// Whether the JSON value found at a body path (nil when the path leads nowhere) holds.
    package func holds(forJSON value: JSONValue?) -> Bool {
        switch self {
        case .present(let present): return (value != nil) == present
        case .equalsJSON(let expected): return value.map(expected.equals) ?? false
        case .equals(let expected): return value.flatMap(BodyScalar.text(of:)) == expected
        case .matches(let regex):
            guard let text = value.flatMap(BodyScalar.text(of:)) else { return false }
            return regex.matches(text)
        }
    }

    /// The condition as a config file writes it, for fingerprints and logs.
    package var description: String {
        switch self {
        case .equals(let text): text.debugDescription
        case .equalsJSON(let scalar): scalar.description
        case .matches(let regex): "{matches: \(regex.pattern.debugDescription)}"
        case .present(let present): "{present: \(present)}"
        }
    }
}
