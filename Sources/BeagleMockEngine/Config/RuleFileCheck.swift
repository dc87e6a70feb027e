import BeagleMockHTTP
import BeagleScreens
import Foundation

/// What `beagle-mock validate` says about a screens folder's `beagle-mock.yml`: a config that does
/// not load, and a route rule's `file:` that is not in the folder (Docs/ValidateAndProbe.md). The
/// server refuses the first at start-up; the second would answer 404, so validate catches it first.
package enum RuleFileCheck {
    /// Diagnostics for the config file of `folder`, with paths relative to the folder; none when
    /// there is no config file.
    package static func diagnostics(screensFolder folder: URL) -> [Diagnostic] {
        let file = ConfigLoader.defaultFile(inScreensFolder: folder)
        let name = ConfigLoader.fileName
        let configuration: MockConfiguration
        do {
            configuration = try ConfigLoader.loadIfPresent(file: file)
        } catch {
            return [
                Diagnostic(
                    file: name, line: error.line ?? 1, column: error.column ?? 1, severity: .error, message: error.message)
            ]
        }
        var diagnostics: [Diagnostic] = []
        for (index, rule) in configuration.routes.enumerated() {
            guard let relative = rule.file else { continue }
            var isFolder: ObjCBool = false
            let path = folder.appendingPathComponent(relative).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue { continue }
            diagnostics.append(
                Diagnostic(
                    file: name, line: rule.fileLine ?? rule.line ?? 1, column: rule.fileColumn ?? 1, severity: .error,
                    message:
                        "routes[\(index)].file: \(relative) is not in the screens folder; the rule would answer 404 (create it or fix the name)"
                ))
        }
        return diagnostics
    }
}
