import BeagleScreens
import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// Docs/Agents.md, `write_screen`: JSON only, checked first, inside the folder under the serving
/// path rules, never the config file, bounded, atomic.
@Suite struct ScreenWriterTests {
    static let screen = #"{"_beagleComponent_":"beagle:text","text":"hello"}"#

    func withWriter(_ body: (ScreenWriter, TemporaryScreens) throws -> Void) throws {
        let folder = try TemporaryScreens(["screens/home.json": Self.screen, "screens/beagle-mock.yml": "port: 8080\n"])
        defer { folder.remove() }
        let screens = try #require(ContainedRoot(directory: folder.screens))
        try body(
            ScreenWriter(served: ServedFiles(screens: screens, images: nil, configPath: folder.screens + "/beagle-mock.yml")),
            folder)
    }

    @Test func writesNewFoldersAndReplacesWhole() throws {
        try withWriter { writer, folder in
            let first = try writer.write(Self.screen, to: "promo/summer/index.json")
            #expect(first.file == "promo/summer/index.json" && !first.replaced && first.bytes == Self.screen.utf8.count)
            let again = try writer.write(#"{"_beagleComponent_":"beagle:text","text":"again"}"#, to: "promo/summer/index.json")
            #expect(again.replaced)
            let written = try String(contentsOfFile: folder.screens + "/promo/summer/index.json", encoding: .utf8)
            #expect(written.contains("again"))
            // No temporary file is left beside it.
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.screens + "/promo/summer")
            #expect(names == ["index.json"])
        }
    }

    @Test(arguments: [
        "../outside.json", "promo/../../outside.json", ".hidden/x.json", "promo/.x.json", "/abs.json", "home.yml",
        "beagle-mock.json?x=1", "promo/%2e%2e/x.json", "", "promo/", "BEAGLE-MOCK.yml",
    ])
    func refusesPathsTheServerWouldNotServe(path: String) throws {
        try withWriter { writer, _ in
            #expect(throws: ScreenWriter.Refusal.self) { try writer.write(Self.screen, to: path) }
        }
    }

    @Test func refusesWhatValidateRefusesWithItsDiagnostics() throws {
        try withWriter { writer, folder in
            let invalid = #expect(throws: ScreenWriter.Refusal.self) {
                try writer.write(#"{"_beagleComponent_":"beagle:text"}"#, to: "bad.json")
            }
            #expect(invalid?.diagnostics.map(\.message) == ["beagle:text needs text: Beagle 2.x cannot decode it without one"])
            let notJSON = #expect(throws: ScreenWriter.Refusal.self) { try writer.write("{not json", to: "bad.json") }
            #expect(notJSON?.diagnostics.count == 1)
            #expect(!FileManager.default.fileExists(atPath: folder.screens + "/bad.json"))
        }
    }

    @Test func refusesTooLargeAndSymlinkedFolders() throws {
        try withWriter { writer, folder in
            let large =
                #"{"_beagleComponent_":"beagle:text","text":""# + String(repeating: "x", count: ScreenWriter.largestScreen)
                + "\"}"
            #expect(throws: ScreenWriter.Refusal.self) { try writer.write(large, to: "large.json") }
            let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: outside) }
            try FileManager.default.createSymbolicLink(atPath: folder.screens + "/escape", withDestinationPath: outside.path)
            #expect(throws: ScreenWriter.Refusal.self) { try writer.write(Self.screen, to: "escape/x.json") }
            #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        }
    }
}
