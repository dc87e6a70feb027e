import BeagleMockHTTP

/// A config file problem, located for an editor: `file:line:column: message`.
///
/// Lines and columns start at 1; columns count Unicode characters (scalars), a UTF-8 BOM is not a
/// column and CRLF is one line end.
package struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The config file's path, or empty for YAML that came from a string.
    package var file: String
    /// The line of the offending node, when the problem has a place.
    package let line: Int?
    /// The column of the offending node, when the problem has a place.
    package let column: Int?
    /// What is wrong and how to fix it, starting with the key path (`routes[0].latency: …`).
    package let message: String

    /// Creates an error at a place in a file.
    package init(file: String = "", line: Int?, column: Int?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message` (the parts that are known).
    package var description: String {
        var location = file
        if let line {
            location += location.isEmpty ? "\(line)" : ":\(line)"
            if let column { location += ":\(column)" }
        }
        return location.isEmpty ? message : "\(location): \(message)"
    }

    /// The same error, attributed to `file`.
    func inFile(_ file: String) -> ConfigError {
        var copy = self
        copy.file = file
        return copy
    }
}
