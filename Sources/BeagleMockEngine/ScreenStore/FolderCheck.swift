import BeagleScreens
import Foundation

/// What `beagle-mock validate DIR` says of a screens folder (Docs/ValidateAndProbe.md): every
/// screen checked as Beagle 2.x reads it (a template as rendered with sample values), and the
/// config file's rules; `import` checks the screens it wrote the same way.
package enum FolderCheck {
    /// The report for the screens folder at `screensFolder` (as the user wrote it) with its images
    /// at `images` (default: an `images` folder beside it, if any); paths relative to the folder.
    package static func report(screensFolder: String, images: String? = nil) throws(ScreenFolderError) -> ValidationReport {
        let screens = try self.screens(screensFolder: screensFolder, images: images)
        // The config's `file:` names must exist too.
        let configDiagnostics = RuleFileCheck.diagnostics(screensFolder: URL(fileURLWithPath: screensFolder, isDirectory: true))
        return ValidationReport(diagnostics: screens.diagnostics + configDiagnostics, files: screens.summary.files)
    }

    /// The screens' part of the report: every screen of the folder, or those of `only` (paths
    /// below it), routes and images resolved in the whole folder; `configuration` is the folder's
    /// config when the caller has it already read.
    package static func screens(
        screensFolder: String, images: String? = nil, only: Set<String>? = nil, configuration: MockConfiguration? = nil
    ) throws(ScreenFolderError) -> ValidationReport {
        let folder = try ScreenFolder(
            contentsOf: URL(fileURLWithPath: screensFolder, isDirectory: true), images: images.map { URL(fileURLWithPath: $0) })
        let renderer = TemplateSample.renderer(screensFolder: screensFolder, configuration: configuration)
        return ScreenValidator(renderer: renderer).validate(folder, only: only)
    }
}
