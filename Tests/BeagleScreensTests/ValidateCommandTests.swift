import Foundation
import Testing

/// `beagle-mock validate` run as a user runs it: the built executable, its output and exit code.
@Suite struct ValidateCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    struct Run {
        let status: Int32
        let output: String
        let error: String
    }

    /// The `beagle-mock` binary built next to the test bundle.
    static func executable() throws -> URL {
        let folders = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        let found = folders.map { $0.appendingPathComponent("beagle-mock") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "build the beagle-mock executable first (swift build --build-tests)")
    }

    /// Runs `beagle-mock validate arguments…` in the fixtures folder.
    static func validate(_ arguments: [String]) throws -> Run {
        try run(["validate"] + arguments)
    }

    /// Runs `beagle-mock arguments…` in the fixtures folder.
    static func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.currentDirectoryURL = fixtures
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read to the end before waiting, so a full pipe cannot block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self))
    }

    @Test func errorsExitWithOneAndPrintFileLineColumnUnderTheFolderAsNamed() throws {
        let run = try Self.validate(["invalid-app/screens"])
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 34)
        #expect(lines.first == "invalid-app/screens/broken.json:4:3: error: expected ',' or '}' after object member")
        #expect(lines.last == "11 files checked: 24 errors, 9 warnings")
        #expect(
            lines.contains(
                "invalid-app/screens/roots/list.json:1:1: warning: the root is an array, not a component: Beagle cannot render this file as a screen (fine if it is data for a request)"
            ))
        #expect(run.error.isEmpty)
    }

    @Test func aCleanFolderExitsWithZero() throws {
        let run = try Self.validate(["clean-app/screens"])
        #expect(run.status == 0)
        #expect(run.output == "9 files checked: 0 errors, 0 warnings\n")
    }

    @Test func warningsAloneExitWithZero() throws {
        // The clean screens with another images folder: only a missing-image warning.
        let run = try Self.validate(["clean-app/screens", "--images", "invalid-app/screens/roots"])
        #expect(run.status == 0)
        #expect(run.output.hasSuffix("9 files checked: 0 errors, 1 warning\n"))
    }

    @Test func jsonFormatIsOneObjectWithDiagnosticsAndSummary() throws {
        let run = try Self.validate(["invalid-app/screens", "--format", "json"])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 33)
        #expect(diagnostics.first?["file"] as? String == "invalid-app/screens/broken.json")
        #expect(diagnostics.first?["line"] as? Int == 4)
        #expect(diagnostics.first?["column"] as? Int == 3)
        #expect(diagnostics.first?["severity"] as? String == "error")
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["files": 11, "errors": 24, "warnings": 9])
    }

    @Test func aMissingFolderIsOneLineAndExitOne() throws {
        let run = try Self.validate(["no-such-folder"])
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.error == "beagle-mock: 'no-such-folder' does not exist: give a screens folder or a screen file\n")
        let images = try Self.validate(["clean-app/screens", "--images", "no-images"])
        #expect(images.status == 1)
        #expect(images.error == "beagle-mock: images folder 'no-images' does not exist\n")
    }

    @Test func theDefaultFolderIsScreens() throws {
        // The fixtures folder has no `screens` folder of its own.
        let run = try Self.validate([])
        #expect(run.status == 1)
        #expect(run.error == "beagle-mock: 'screens' does not exist: give a screens folder or a screen file\n")
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let run = try Self.validate(["clean-app/screens", "--format", "xml"])
        #expect(run.status == 2)
        #expect(run.error.contains("--format"))
    }

    @Test func aFileAloneGetsItsStructureCheckedAndNoRoutes() throws {
        let clean = try Self.validate(["clean-app/screens/index.json"])
        #expect(clean.status == 0)
        #expect(clean.output == "1 file checked: 0 errors, 0 warnings\n")
        // The route to /profle is not resolved: there is no folder; the bad shapes are errors.
        let shapes = try Self.validate(["invalid-app/screens/shapes.json"])
        #expect(shapes.status == 1)
        #expect(shapes.output.contains("invalid-app/screens/shapes.json:6:7: error: children[0] must be a component"))
        let home = try Self.validate(["invalid-app/screens/home.json"])
        #expect(!home.output.contains("/profle"))
    }
}
