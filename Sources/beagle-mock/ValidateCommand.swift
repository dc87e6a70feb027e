import ArgumentParser
import BeagleMock
import BeagleScreens
import Foundation

/// `beagle-mock validate`: checks a screens folder the way a Beagle 2.x app and the mock will
/// read it.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check every screen of a screens folder, or one screen file.",
        discussion: """
            Checks JSON syntax (with line and column), _beagleComponent_ and _beagleAction_ \
            types against Beagle 2.x's catalogue (beagle: types must exist, custom: types are \
            allowed), where Beagle expects components and actions, the fields each type \
            requires, style, context and accessibility objects and enumeration values as \
            Beagle 2.x decodes them (SPACE_BETWEEN, not space-between), beaglePlatform wrappers, \
            navigation routes and lazy component paths that match no screen in the folder \
            (platform variants and [name] path parameters considered), sendRequest/submitForm \
            urls without a file for their method (cart.post.json), remote images under the \
            mock's own URL that are not there, and [name] files or folders whose name is not \
            a valid path parameter.

            Errors are what breaks the app (a screen that does not decode, an unknown type, a \
            route or request that fails); warnings are what works but probably not as meant \
            (a missing image shows the placeholder, a route exists for some platforms only, a \
            route's fallback screen is shown). Exit code 1 when there is an error, 0 otherwise.

            Text output: one `file:line:column: error|warning: message` line per problem, \
            paths under DIR as you wrote it, then a summary line. JSON output: one object \
            {"diagnostics": [{"file", "line", "column", "severity", "message"}], \
            "summary": {"files", "errors", "warnings"}}.

            Given a FILE instead of a folder, checks that screen alone: its syntax, types, \
            fields and shapes, as an editor would while it is written; routes and images are not \
            resolved (there is no folder to resolve them in). A template is checked as rendered \
            with sample values, unless a .beagle-mock-verbatim beside it names it.

            Examples:
              beagle-mock validate
              beagle-mock validate app/screens --images app/assets
              beagle-mock validate screens --format json > report.json
              beagle-mock validate screens/home.json

            A screen file with {{ is a template: it is checked as rendered with sample values \
            (every request value 1), and a template that cannot be rendered is an error at its \
            line and column (unless the config says templates: false).
            """
    )

    /// How to print the report.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: ArgumentHelp("The screens folder, or one screen file.", valueName: "dir-or-file"), completion: .file())
    var directory: String = "screens"

    @Option(
        name: .customLong("images"),
        help: ArgumentHelp("The images folder (default: an images folder next to DIR, if any).", valueName: "dir"),
        completion: .directory)
    var images: String?

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    func run() throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), !isFolder.boolValue {
            return try validateFile()
        }
        let report: ValidationReport
        do {
            report = try FolderCheck.report(screensFolder: directory, images: images).inFolder(directory)
        } catch {
            // One line naming the folder as the user typed it.
            // validate also takes a file, which the folder's message would not say.
            let message =
                if case .folderNotFound = error {
                    "'\(directory)' does not exist: give a screens folder or a screen file"
                } else {
                    error.message(directory: directory, images: images)
                }
            Console.error("beagle-mock: \(message)")
            throw ExitCode(1)
        }
        try show(report)
    }

    /// Checks the file `directory` names alone, as written (its path as the user gave it).
    private func validateFile() throws {
        let url = URL(fileURLWithPath: directory)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            Console.error("beagle-mock: cannot read '\(directory)': \(error.localizedDescription)")
            throw ExitCode(1)
        }
        let folder = url.deletingLastPathComponent().path
        let renderer = TemplateSample.renderer(screensFolder: folder)
        let diagnostics = ScreenValidator(renderer: renderer).validate(screen: data, file: url.lastPathComponent)
        let report = ValidationReport(diagnostics: diagnostics, files: 1).inFolder(
            (directory as NSString).deletingLastPathComponent)
        try show(report)
    }

    /// Prints `report` in the format asked; exit 1 when it has an error.
    private func show(_ report: ValidationReport) throws {
        switch format {
        case .text: Console.out(report.text)
        case .json: Console.out(String(decoding: report.json, as: UTF8.self))
        }
        if report.hasErrors { throw ExitCode(1) }
    }
}
