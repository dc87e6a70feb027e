import Foundation

/// The diagnostics of a whole screens folder, with a summary, in the two output formats of
/// `beagle-mock validate`.
///
/// JSON format (`--format json`), one object:
/// ```json
/// {
///   "diagnostics" : [
///     {"column" : 5, "file" : "screens/home.json", "line" : 3, "message" : "…", "severity" : "error"}
///   ],
///   "summary" : {"errors" : 1, "files" : 12, "warnings" : 0}
/// }
/// ```
/// `files` counts the JSON files checked. Keys are sorted, so the output is byte-for-byte
/// stable for the same folder.
package struct ValidationReport: Sendable, Hashable, Codable {
    /// Counts for the whole run.
    package struct Summary: Sendable, Hashable, Codable {
        /// JSON files checked.
        package let files: Int
        /// Diagnostics of severity error.
        package let errors: Int
        /// Diagnostics of severity warning.
        package let warnings: Int

        /// Counts as given.
        package init(files: Int, errors: Int, warnings: Int) {
            self.files = files
            self.errors = errors
            self.warnings = warnings
        }
    }

    /// Every diagnostic, sorted by file, line and column.
    package let diagnostics: [Diagnostic]
    /// The counts.
    package let summary: Summary

    /// A report of `diagnostics` over `files` checked files.
    package init(diagnostics: [Diagnostic], files: Int) {
        self.diagnostics = diagnostics.sorted()
        summary = Summary(
            files: files,
            errors: diagnostics.filter { $0.severity == .error }.count,
            warnings: diagnostics.filter { $0.severity == .warning }.count
        )
    }

    /// Whether any diagnostic is an error (`validate` then exits with 1).
    package var hasErrors: Bool { summary.errors > 0 }

    /// The same report with file paths shown under `folder` as the user named it.
    package func inFolder(_ folder: String) -> ValidationReport {
        ValidationReport(diagnostics: diagnostics.map { $0.inFolder(folder) }, files: summary.files)
    }

    /// One `file:line:column: severity: message` line per diagnostic, then a summary line.
    package var text: String {
        var lines = diagnostics.map(\.description)
        lines.append(summaryLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `12 files checked: 1 error, 2 warnings`.
    package var summaryLine: String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(count(summary.files, "file")) checked: \(count(summary.errors, "error")), \(count(summary.warnings, "warning"))"
    }

    /// The JSON format, pretty-printed with sorted keys.
    package var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail; an empty object is the safe fallback.
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
