import Foundation
import MockTestSupport
import Testing

/// `beagle-mock import` as a user meets it (Docs/Sessions.md): its report, its exit codes, and its
/// errors on one line.
@Suite struct ImportCommandTests {
    static let base = "https://bff.example.com"

    @Test func aCompleteImportPrintsALinePerFileAndRuleAndExits0() async throws {
        let folder = try TemporaryScreens()
        defer { folder.remove() }
        var session = SessionFixture()
        session.add("GET", "\(Self.base)/home", platform: "IOS", body: #"{"_beagleComponent_":"beagle:text","text":"Hi"}"#)
        session.add("GET", "\(Self.base)/status", status: 503, body: #"{"down":true}"#, headers: [("Retry-After", "30")])
        session.add("GET", "https://fonts.example.com/a.woff", body: "x", mimeType: "font/woff")
        _ = try session.write(in: folder.root)
        let result = try await CommandRunner.run(["import", "session.har", "--into", "out"], in: folder.root)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(
            result.output.split(separator: "\n").map(String.init) == [
                "base URL https://bff.example.com (the most common origin: 2 of 3 entries)",
                "wrote out/home.ios.json (47 bytes): GET /home IOS",
                "wrote out/status.json (13 bytes): GET /status",
                "wrote out/beagle-mock.yml: 1 rule",
                "  rule /status GET: status.json, status 503, Retry-After: 30",
                "skipped 1 entry: another origin (https://fonts.example.com) (entries[2] GET https://fonts.example.com/a.woff)",
                "out/status.json:1:1: warning: the root has no _beagleComponent_: Beagle cannot render this file as a screen (fine if it is data for a request)",
                "3 entries: 2 files written, 1 rule; 1 skipped, 0 not imported; validate: 0 errors, 1 warning",
            ])
        #expect(result.error.isEmpty)
        // Again: the same bytes are there, nothing to replace.
        let again = try await CommandRunner.run(["import", "session.har", "--into", "out"], in: folder.root)
        #expect(again.status == 0)
        #expect(again.output.contains("unchanged out/home.ios.json: the same bytes are there"))
        #expect(again.output.contains("unchanged out/beagle-mock.yml: 1 rule"))
    }

    @Test func answersThatCouldNotBeImportedExit1AndTheRestIsWritten() async throws {
        let folder = try TemporaryScreens()
        defer { folder.remove() }
        var session = SessionFixture()
        session.add("GET", "\(Self.base)/home", body: "{}")
        session.add("GET", "\(Self.base)/%2e%2e/%2e%2e/etc/passwd", body: "{}")
        _ = try session.write(in: folder.root)
        let result = try await CommandRunner.run(["import", "session.har", "--into", "out"], in: folder.root)
        #expect(result.status == 1)
        #expect(
            result.output.contains(
                "not imported entries[1] GET https://bff.example.com/%2e%2e/%2e%2e/etc/passwd: the path is refused: the path holds a '.' or '..' segment"
            ))
        #expect(FileManager.default.fileExists(atPath: folder.root + "/out/home.json"))
        #expect(!FileManager.default.fileExists(atPath: "/etc/passwd.json"))
    }

    @Test func nothingWrittenExits2WithOneLine() async throws {
        let folder = try TemporaryScreens(["out/home.json": "mine", "bad.har": "{\"log\": [}"])
        defer { folder.remove() }
        var session = SessionFixture()
        session.add("GET", "\(Self.base)/home", body: "{}")
        _ = try session.write(in: folder.root)
        let cases: [([String], String)] = [
            (["bad.har", "--into", "x"], "beagle-mock: 'bad.har':1:10: not JSON, so not a HAR archive"),
            (["missing.har", "--into", "x"], "beagle-mock: cannot read 'missing.har': no such file"),
            (["session.har", "--into", "out"], "beagle-mock: 'out' has other files of these names: home.json"),
            (["session.har", "--into", "x", "--base-url", "https://other.example.com"], "beagle-mock: nothing imported"),
        ]
        for (arguments, start) in cases {
            let result = try await CommandRunner.run(["import"] + arguments, in: folder.root)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error.hasPrefix(start), "\(arguments): \(result.error)")
        }
        #expect(try String(contentsOfFile: folder.root + "/out/home.json", encoding: .utf8) == "mine")
        #expect(!FileManager.default.fileExists(atPath: folder.root + "/x"))
        let forced = try await CommandRunner.run(["import", "session.har", "--into", "out", "--force"], in: folder.root)
        #expect(forced.status == 0)
        #expect(forced.output.contains("replaced out/home.json (2 bytes): GET /home"))
    }

    @Test(arguments: [
        ["import"], ["import", "s.har"], ["import", "s.har", "--into", ""],
        ["import", "s.har", "--into", "x", "--base-url", "ftp://x"],
        ["import", "s.har", "--into", "x", "--max-body-size", "huge"],
        ["import", "s.har", "--into", "x", "--max-body-size", "2GiB"],
        ["import", "s.har", "--into", "x", "--bogus"],
    ])
    func invalidFlagsExit2WithUsage(arguments: [String]) async throws {
        let result = try await CommandRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.error.contains("Usage:"), "\(result.error)")
    }

    @Test func helpNamesEveryFlagAndTheExitCodes() async throws {
        let result = try await CommandRunner.run(["import", "--help"])
        #expect(result.status == 0)
        for word in ["--into", "--base-url", "--keep-latency", "--force", "--max-body-size", "Exit code 0", "Examples:"] {
            #expect(result.output.contains(word), "help lacks \(word)")
        }
    }
}
