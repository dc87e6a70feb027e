import BeagleScreens
import Foundation

/// What `beagle-mock validate DIR` says of a screens folder (Docs/ValidateAndProbe.md): every
/// screen checked as Beagle 2.x reads it (a template as rendered with sample values), and the
/// config file's rules; `import` checks the folder it wrote the same way.
package enum FolderCheck {
    /// The report for the screens folder at `screensFolder` (as the user wrote it) with its images
    /// at `images` (default: an `images` folder beside it, if any); paths relative to the folder.
    package static func report(screensFolder: String, images: String? = nil) throws(ScreenFolderError) -> ValidationReport {
        let root = URL(fileURLWithPath: screensFolder, isDirectory: true)
        let folder = try ScreenFolder(contentsOf: root, images: images.map { URL(fileURLWithPath: $0) })
        let screens = ScreenValidator(renderer: TemplateSample.renderer(screensFolder: screensFolder)).validate(folder)
        // The config's `file:` names must exist too.
        let configDiagnostics = RuleFileCheck.diagnostics(screensFolder: root)
        return ValidationReport(diagnostics: screens.diagnostics + configDiagnostics, files: screens.summary.files)
    }
}
