/// One problem found in a screens folder, at a file, line and column.
package struct Diagnostic: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// How bad a problem is.
    package enum Severity: String, Sendable, Hashable, Codable {
        /// The app breaks: a screen does not decode, a type renders as "unknown", navigation or
        /// a request fails.
        case error
        /// The app works, but probably not as meant: a placeholder instead of an image, a
        /// route missing for some platforms, a fallback screen shown.
        case warning
    }

    /// The file, relative to the screens folder (`catalog/index.json`).
    package let file: String
    /// The 1-based line.
    package let line: Int
    /// The 1-based column, in characters.
    package let column: Int
    /// Error or warning.
    package let severity: Severity
    /// What is wrong and, where possible, how to fix it.
    package let message: String

    /// A diagnostic at `line` and `column` of `file`.
    package init(file: String, line: Int, column: Int, severity: Severity, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// A diagnostic at `position` of `file`.
    package init(file: String, at position: JSONPosition, severity: Severity, message: String) {
        self.init(file: file, line: position.line, column: position.column, severity: severity, message: message)
    }

    /// `file:line:column: severity: message`, the form compilers use and editors link.
    package var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }

    /// The same diagnostic with its file path shown as `prefix/file` (the folder as the user
    /// named it); an empty prefix or `.` leaves the path as it is.
    package func inFolder(_ prefix: String) -> Diagnostic {
        var folder = prefix
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        guard !folder.isEmpty, folder != "." else { return self }
        let path = folder == "/" ? "/" + file : folder + "/" + file
        return Diagnostic(file: path, line: line, column: column, severity: severity, message: message)
    }

    /// File order, then line, column, severity (errors first) and message.
    package static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.column != rhs.column { return lhs.column < rhs.column }
        if lhs.severity != rhs.severity { return lhs.severity == .error }
        return lhs.message < rhs.message
    }
}
