/// Checks the `[name]` segments of a file's path (Docs/ScreensFolder.md, "Path parameters"): a
/// bracketed segment whose name is not valid is never a pattern, and a name used twice in one
/// route loses one of its values.
enum ParameterNameCheck {
    /// The problems of the file at `relativePath` in the screens folder, at line 1, column 1
    /// (they concern the name, not the content).
    static func diagnostics(for relativePath: String) -> [Diagnostic] {
        let route = ScreenFileName(relativePath: relativePath).route
        var diagnostics: [Diagnostic] = []
        var seen = Set<String>()
        for segment in PathParameter.bracketedSegments(ofRoute: route) {
            guard let name = PathParameter.name(ofSegment: segment) else {
                diagnostics.append(
                    Diagnostic(
                        file: relativePath, line: 1, column: 1, severity: .error,
                        message:
                            "'\(segment)' is not a valid path parameter: the name in brackets needs one or more letters, digits, '_' or '-' (as in [id]); this file does not match other paths"
                    ))
                continue
            }
            if !seen.insert(name).inserted {
                diagnostics.append(
                    Diagnostic(
                        file: relativePath, line: 1, column: 1, severity: .error,
                        message:
                            "the path parameter '\(name)' appears more than once in the route '\(route)': only the last value is kept; give each its own name"
                    ))
            }
        }
        return diagnostics
    }
}
