/// Why a JSON text could not be read, and where.
///
/// `description` is `line:column: message`; `message` alone says what is wrong and, where it
/// helps, how to fix it ("expected ',' or '}' after object member").
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of mistake the text makes.
    package enum Kind: Sendable, Hashable {
        /// No value at all: empty input, or only whitespace (and a BOM).
        case emptyInput
        /// Bytes that are not valid UTF-8.
        case invalidUTF8
        /// A character that cannot start a value here.
        case unexpectedCharacter
        /// The text stops in the middle of a value.
        case unexpectedEndOfInput
        /// An object key not followed by `:`.
        case expectedColon
        /// An object member not followed by `,` or `}`.
        case expectedCommaOrObjectEnd
        /// An array element not followed by `,` or `]`.
        case expectedCommaOrArrayEnd
        /// Something other than a string where an object key belongs.
        case expectedKey
        /// A string without its closing quote on the same line.
        case unterminatedString
        /// A backslash escape JSON does not have, or a malformed `\u` escape.
        case invalidEscape
        /// A `\u` escape for half of a surrogate pair without the other half.
        case loneSurrogate
        /// A raw control character (U+0000 to U+001F) inside a string.
        case controlCharacter
        /// A malformed number (`01`, `1.`, `-`, `1e`).
        case invalidNumber
        /// A word that is not `true`, `false` or `null`.
        case invalidLiteral
        /// More text after the top-level value.
        case trailingContent
        /// Arrays and objects nested deeper than the reader's limit.
        case nestingTooDeep
    }

    /// What kind of mistake.
    package let kind: Kind
    /// What is wrong, for a person.
    package let message: String
    /// Where the mistake is.
    package let position: JSONPosition

    /// An error of `kind` at `position`.
    package init(_ kind: Kind, _ message: String, at position: JSONPosition) {
        self.kind = kind
        self.message = message
        self.position = position
    }

    /// The 1-based line.
    package var line: Int { position.line }
    /// The 1-based column, in characters.
    package var column: Int { position.column }

    /// `line:column: message`.
    package var description: String { "\(position): \(message)" }
}
