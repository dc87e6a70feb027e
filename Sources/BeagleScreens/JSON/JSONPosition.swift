/// Where something sits in a JSON text: 1-based line and column, and the byte offset.
///
/// Lines break at LF, CRLF (one break, not two) and a lone CR. Columns count characters
/// (extended grapheme clusters, as Swift's `String.count` and most editors do), not bytes, so
/// `"é": x` puts `x` at the same column whatever the encoding width of `é`. A UTF-8 byte order
/// mark at the start is not counted. `offset` counts bytes from the start of the input, BOM
/// included, for callers that want to slice the original bytes.
package struct JSONPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, starting at 1.
    package let line: Int
    /// The column in characters, starting at 1.
    package let column: Int
    /// The byte offset from the start of the input, starting at 0.
    package let offset: Int

    /// A position; `offset` defaults to 0 for positions built by hand (in tests, say).
    package init(line: Int, column: Int, offset: Int = 0) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column`, the form compilers and editors understand.
    package var description: String { "\(line):\(column)" }

    /// Orders by line, then column.
    package static func < (lhs: JSONPosition, rhs: JSONPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
