import Foundation

/// A `{matches: REGEX}` pattern of a `when:` condition (Docs/Configuration.md, "Request matching"),
/// compiled once when the config is read, and matched against the whole value.
///
/// The pattern is wrapped in `\A(?:…)\z` so that `a|ab` matches `ab` whole: a first match that
/// stops short would otherwise count as a miss.
package struct ConditionRegex: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written in the config file.
    package let pattern: String
    /// The compiled, anchored expression (immutable, and Sendable: safe from several threads).
    private let expression: NSRegularExpression

    /// Compiles `pattern`, refusing one that does not compile with ICU's reason.
    package init(_ pattern: String) throws(SpecError) {
        do {
            expression = try NSRegularExpression(pattern: "\\A(?:\(pattern))\\z")
        } catch {
            throw SpecError(
                "regular expression \(SpecError.quote(pattern)) does not compile; check its brackets and escapes, like ^[0-9]+$")
        }
        self.pattern = pattern
    }

    /// Whether the whole of `value` matches.
    package func matches(_ value: String) -> Bool {
        let range = NSRange(value.startIndex..<value.endIndex, in: value)
        return expression.firstMatch(in: value, options: [], range: range) != nil
    }

    /// Two patterns are the same when written the same.
    package static func == (lhs: ConditionRegex, rhs: ConditionRegex) -> Bool { lhs.pattern == rhs.pattern }

    /// Hashes the pattern as written.
    package func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// `/pattern/`.
    package var description: String { "/\(pattern)/" }
}
