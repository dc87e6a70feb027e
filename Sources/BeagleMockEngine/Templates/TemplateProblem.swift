import BeagleMockHTTP

/// Why a screen file cannot be rendered, and where in it (Docs/Templates.md, "When a template is
/// wrong"): the server answers 500 with this, the log says the same, `validate` reports it.
package struct TemplateProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in words a developer can act on.
    package let message: String
    /// The line in the file, from 1.
    package let line: Int
    /// The column in the line, from 1, counted in characters.
    package let column: Int

    /// A problem at a line and column of the file.
    package init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `line:column: message`, for a log line after the file's name.
    package var description: String { "\(line):\(column): \(message)" }
}
