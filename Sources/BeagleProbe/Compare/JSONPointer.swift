import Foundation

/// A JSON Pointer (RFC 6901): where a value is in a screen, as `/child/children/2/text`. The
/// empty pointer is the whole document; `~` and `/` inside a key are written `~0` and `~1`.
package struct JSONPointer: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The reference tokens, unescaped: member names and array indexes.
    package let tokens: [String]

    /// The pointer made of `tokens`; the whole document when there are none.
    package init(_ tokens: [String] = []) {
        self.tokens = tokens
    }

    /// This pointer followed by `tokens`.
    package func appending(_ tokens: [String]) -> JSONPointer {
        JSONPointer(self.tokens + tokens)
    }

    /// This pointer followed by one token.
    package func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens + [token])
    }

    /// The pointer as RFC 6901 writes it.
    package var description: String {
        tokens.map { "/" + Self.escape($0) }.joined()
    }

    /// `~` as `~0` and `/` as `~1`, in that order, so that `~1` in a key stays itself.
    static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Document order: token by token, array indexes as numbers, a pointer before those below it.
    package static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        for (left, right) in zip(lhs.tokens, rhs.tokens) where left != right {
            if let leftIndex = Int(left), let rightIndex = Int(right) { return leftIndex < rightIndex }
            return left < right
        }
        return lhs.tokens.count < rhs.tokens.count
    }
}
