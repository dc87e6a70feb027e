import Foundation
import Testing

/// `beagle-mock schema` run as a user runs it.
@Suite struct SchemaCommandTests {
    @Test func writesADraft2020SchemaToStandardOutput() throws {
        let run = try ValidateCommandTests.run(["schema"])
        #expect(run.status == 0)
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let definitions = try #require(schema["$defs"] as? [String: Any])
        #expect(definitions["beagle:text"] != nil)
        #expect(definitions["beagle:pushView"] != nil)
    }

    @Test func writesToAFileWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("beagle.schema.json")
        try Data("old".utf8).write(to: file)
        let run = try ValidateCommandTests.run(["schema", "--output", file.path])
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        let written = try Data(contentsOf: file)
        #expect(try JSONSerialization.jsonObject(with: written) is [String: Any])
    }

    @Test func anUnknownVersionOrFormatIsAUsageErrorThatNamesTheChoices() throws {
        let version = try ValidateCommandTests.run(["schema", "--beagle", "1.9"])
        #expect(version.status == 2)
        #expect(version.error.contains("unknown Beagle version '1.9'"))
        #expect(version.error.contains("give 2 or 2.x"))
        let format = try ValidateCommandTests.run(["schema", "--format", "yaml"])
        #expect(format.status == 2)
        #expect(format.error.contains("unknown schema format 'yaml'"))
        #expect(try ValidateCommandTests.run(["schema", "--beagle", "2.x"]).status == 0)
    }

    @Test func anUnwritableFileIsOneLine() throws {
        let run = try ValidateCommandTests.run(["schema", "--output", "/nonexistent-folder/schema.json"])
        #expect(run.status == 1)
        #expect(run.error.hasPrefix("beagle-mock: cannot write the schema to '/nonexistent-folder/schema.json'"))
        #expect(run.error.split(separator: "\n").count == 1)
    }
}
