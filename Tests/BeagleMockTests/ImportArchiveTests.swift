import Foundation
import MockTestSupport
import Testing

@testable import BeagleMockEngine

/// `beagle-mock import` (Docs/Sessions.md): archives that are not JSON, not HAR, or hold entries
/// that cannot be read, and archives of many entries.
@Suite struct ImportArchiveTests {
    /// The error reading `text` as an archive gives.
    static func error(reading text: String) -> String {
        do {
            _ = try SessionArchive.decode(Data(text.utf8), shownAs: "s.har")
            return "read"
        } catch {
            return error.message
        }
    }

    @Test func aFileThatIsNotJSONIsAnErrorWithItsLineAndColumn() {
        #expect(
            Self.error(reading: "{\"log\": {\"entries\": [\n  {,}\n]}}").hasPrefix("'s.har':2:4: not JSON, so not a HAR archive"))
        #expect(Self.error(reading: "<html></html>").hasPrefix("'s.har':1:1: not JSON"))
        #expect(Self.error(reading: "").hasPrefix("'s.har':1:1: not JSON"))
    }

    @Test func jsonThatIsNotAnArchiveSaysWhatAHARIs() {
        #expect(Self.error(reading: "{\"foo\": 1}").hasPrefix("'s.har':1:1: not a HAR archive: it has no log"))
        #expect(Self.error(reading: "{\"log\": {}}").hasPrefix("'s.har':1:9: not a HAR archive: it has no log.entries"))
        #expect(
            Self.error(reading: "{\"log\": {\"entries\": {}}}").hasPrefix(
                "'s.har':1:21: not a HAR archive: log.entries is not an array"))
        #expect(Self.error(reading: "[1, 2]").hasPrefix("'s.har':1:1: not a HAR archive: the top is not an object"))
        #expect(Self.error(reading: "{\"log\": {\"entries\": []}}") == "read")
    }

    @Test func otherEncodingsAreNamed() {
        #expect(
            (try? SessionArchive.decode(Data([0x1F, 0x8B, 0x08]), shownAs: "s.har")) == nil
                && Self.message(Data([0x1F, 0x8B, 0x08])) == "'s.har' is gzip-compressed; decompress it first (gunzip -k s.har)")
        #expect(Self.message(Data([0xFF, 0xFE, 0x7B, 0x00])) == "'s.har' is UTF-16; save it as UTF-8")
        #expect(Self.message(Data([0xEF, 0xBB, 0xBF] + Array("{\"log\":{\"entries\":[]}}".utf8))) == "read")
    }

    static func message(_ data: Data) -> String {
        do {
            _ = try SessionArchive.decode(data, shownAs: "s.har")
            return "read"
        } catch {
            return error.message
        }
    }

    @Test func anEntryThatCannotBeReadIsReportedAndTheOthersAreRead() throws {
        let text = """
            {"log": {"entries": [
              {"request": {"method": "GET", "url": "https://x/a"}, "response": {"status": 200, "content": {"text": "{}"}}},
              {"request": {"method": "GET", "url": "https://x/b"}},
              {"request": {"method": "GET", "url": 42}, "response": {"status": 200}},
              {"request": {"method": "GET", "url": "https://x/c"}, "response": {"status": "two hundred"}},
              {"request": {"method": "GET", "url": "https://x/d"}, "response": {"status": 200, "headers": [{"name": "A"}]}},
              7
            ]}}
            """
        let archive = try SessionArchive.decode(Data(text.utf8), shownAs: "s.har")
        let read = archive.entries.map { slot in
            switch slot {
            case .success(let entry): entry.request.url
            case .failure(let problem): problem.description
            }
        }
        #expect(
            read == [
                "https://x/a",
                "3:3: log.entries[1].response is missing",
                "4:40: log.entries[2].request.url is not a string",
                "5:79: log.entries[3].response.status is not a number",
                "6:96: log.entries[4].response.headers[0].value is missing",
                "7:3: log.entries[5] is not an object",
            ])
    }

    @Test func unreadableEntriesAreNotImportedAndTheRestIs() throws {
        let folder = try TemporaryScreens()
        defer { folder.remove() }
        let text = """
            {"log": {"entries": [
              {"request": {"method": "GET", "url": "https://x/a"}, "response": {"status": 200, "content": {"text": "{}"}}},
              {"request": {"method": "GET", "url": "https://x/b"}}
            ]}}
            """
        try folder.write("s.har", text)
        let report = try SessionImport(
            archive: folder.root + "/s.har", folder: folder.root + "/out", base: nil, keepLatency: false, force: false,
            maxBodySize: 1 << 20
        ).run()
        #expect(report.written.map(\.path) == ["a.json"])
        #expect(
            report.notImported.map(\.reason.description) == ["the entry cannot be read: 3:3: log.entries[1].response is missing"])
        #expect(report.isIncomplete)
    }

    @Test func archivesThatCannotBeReadLeaveNothing() throws {
        let folder = try TemporaryScreens()
        defer { folder.remove() }
        func run(_ archive: String) -> String {
            do {
                _ = try SessionImport(
                    archive: archive, folder: folder.root + "/out", base: nil, keepLatency: false, force: false,
                    maxBodySize: 1 << 20
                ).run()
                return "imported"
            } catch {
                return error.message
            }
        }
        #expect(
            run(folder.root + "/missing.har")
                == "cannot read '\(folder.root)/missing.har': no such file; give the path of a .har file")
        #expect(run(folder.screens).hasSuffix("it is not a file; give the path of a .har file"))
        try folder.write(
            "none.har", #"{"log": {"entries": [{"request": {"method": "GET", "url": "data:,x"}, "response": {"status": 200}}]}}"#)
        #expect(run(folder.root + "/none.har").hasSuffix("has no entry with an http or https URL; nothing to import"))
        #expect(!FileManager.default.fileExists(atPath: folder.root + "/out"))
    }

    @Test func fiftyThousandEntriesAreImported() throws {
        let folder = try TemporaryScreens()
        defer { folder.remove() }
        var session = SessionFixture()
        for index in 0..<50_000 {
            session.add("GET", "https://bff.example.com/route-\(index % 500)", body: #"{"n":\#(index % 500)}"#)
        }
        let report = try session.imported(into: folder.root + "/out")
        #expect(report.written.count == 500)
        #expect(report.entries == 50_000)
        #expect(!report.isIncomplete)
    }
}
