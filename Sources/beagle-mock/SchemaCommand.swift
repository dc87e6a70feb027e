import ArgumentParser
import BeagleScreens
import Foundation

/// `beagle-mock schema`: the JSON Schema of Beagle 2.x screens, for editors (Docs/ScreenAuthoring.md).
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Write the JSON Schema (draft 2020-12) of Beagle 2.x screens, for editors.",
        usage: "beagle-mock schema [<options>]",
        discussion: """
            The schema is written from the catalogue `validate` uses: every built-in component and \
            action with its fields, types, required fields and enumerations (in the letter case \
            Beagle decodes), @{…} expressions where Beagle accepts them, custom: types and \
            beaglePlatform wrappers. A running server serves the same at GET /__admin/schema.json.

            Examples:
              beagle-mock schema > beagle.schema.json
              beagle-mock schema --output .vscode/beagle.schema.json
            """
    )

    @Option(
        help: ArgumentHelp("The Beagle version to describe: 2 (the default; 2.x also).", valueName: "version"),
        completion: .list(["2"]))
    var beagle = "2"

    @Option(help: ArgumentHelp("The format: json (the only one).", valueName: "format"), completion: .list(["json"]))
    var format = "json"

    @Option(
        help: ArgumentHelp("Write the schema to this file (replaced whole) instead of standard output.", valueName: "file"),
        completion: .file())
    var output: String?

    func validate() throws {
        if let problem = SchemaRequest.versionProblem(beagle) { throw ValidationError(problem) }
        if let problem = SchemaRequest.formatProblem(format) { throw ValidationError(problem) }
    }

    func run() throws {
        let text: String
        do {
            text = try ScreenSchema().text()
        } catch {
            Console.error("beagle-mock: cannot write the schema as JSON: \(error)")
            throw ExitCode(1)
        }
        guard let output else {
            print(text, terminator: "")
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            Console.error("beagle-mock: cannot write the schema to '\(output)': \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }
}
