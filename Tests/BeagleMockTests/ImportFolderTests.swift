import Foundation
import MockTestSupport
import Testing

@testable import BeagleMockEngine

/// `beagle-mock import` (Docs/Sessions.md, "Safety"): a new folder appears whole, an existing one
/// only gains files, nothing is replaced without `--force`, nothing is written outside the folder,
/// and a failure leaves nothing of the import behind.
@Suite struct ImportFolderTests {
    static let base = "https://bff.example.com"

    /// Every path below `root`, files and folders, hidden ones too.
    static func tree(_ root: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []).sorted()
    }

    static func session() -> SessionFixture {
        var session = SessionFixture()
        session.add("GET", "\(base)/home", body: #"{"home":1}"#)
        session.add("GET", "\(base)/catalog/item-1", platform: "IOS", body: #"{"item":1}"#)
        session.add("GET", "\(base)/status", status: 503, body: #"{"down":true}"#)
        return session
    }

    @Test func aNewFolderAppearsWholeWithTheFoldersAboveIt() throws {
        let folder = try TemporaryScreens()
        defer { folder.remove() }
        let destination = folder.root + "/a/b/out"
        let report = try Self.session().imported(into: destination)
        #expect(report.written.map(\.path) == ["home.json", "catalog/item-1.ios.json", "status.json"])
        #expect(Self.tree(destination) == ["beagle-mock.yml", "catalog", "catalog/item-1.ios.json", "home.json", "status.json"])
        // Nothing beside it: the staging folder took its name.
        #expect(Self.tree(folder.root + "/a/b") == ["out"] + Self.tree(destination).map { "out/" + $0 })
        #expect(try String(contentsOfFile: destination + "/home.json", encoding: .utf8) == #"{"home":1}"#)
    }

    @Test func anExistingFolderOnlyGainsFilesAndKeepsTheSameBytes() throws {
        let folder = try TemporaryScreens(["screens/home.json": #"{"home":1}"#, "screens/mine.json": #"{"mine":1}"#])
        defer { folder.remove() }
        let report = try Self.session().imported(into: folder.screens)
        #expect(report.unchanged == ["home.json"])
        #expect(report.written.map(\.path) == ["catalog/item-1.ios.json", "status.json"])
        #expect(
            Self.tree(folder.screens) == [
                "beagle-mock.yml", "catalog", "catalog/item-1.ios.json", "home.json", "mine.json", "status.json",
            ])
        #expect(!report.isIncomplete)
    }

    @Test func importingTheSameSessionAgainFindsTheSameFiles() throws {
        let folder = try TemporaryScreens()
        defer { folder.remove() }
        var session = Self.session()
        session.add("GET", "\(Self.base)/home", body: #"{"home":2}"#)
        let first = try session.imported(into: folder.screens)
        #expect(first.written.map(\.path) == ["home.json", "home.2.json", "catalog/item-1.ios.json", "status.json"])
        let before = Self.tree(folder.screens)
        let again = try session.imported(into: folder.screens)
        #expect(again.written.isEmpty)
        #expect(again.unchanged == ["home.json", "home.2.json", "catalog/item-1.ios.json", "status.json"])
        #expect(!again.wroteRules)
        #expect(Self.tree(folder.screens) == before)
    }

    @Test func anotherFileOfTheSameNameIsReplacedOnlyWithForce() throws {
        let folder = try TemporaryScreens(["screens/home.json": #"{"mine":1}"#, "screens/beagle-mock.yml": "latency: 1ms\n"])
        defer { folder.remove() }
        #expect {
            try Self.session().imported(into: folder.screens)
        } throws: { error in
            (error as? ImportError)?.message
                == "'\(folder.screens)' has other files of these names: beagle-mock.yml, home.json; nothing was written (--force replaces them)"
        }
        #expect(Self.tree(folder.screens) == ["beagle-mock.yml", "home.json"])
        #expect(try String(contentsOfFile: folder.screens + "/home.json", encoding: .utf8) == #"{"mine":1}"#)
        let report = try Self.session().imported(into: folder.screens, force: true)
        #expect(report.written.filter(\.replaced).map(\.path) == ["home.json"])
        #expect(try String(contentsOfFile: folder.screens + "/home.json", encoding: .utf8) == #"{"home":1}"#)
        #expect(try String(contentsOfFile: folder.screens + "/beagle-mock.yml", encoding: .utf8).contains("/status"))
        #expect(!Self.tree(folder.screens).contains { $0.hasPrefix(".") })
    }

    @Test func nothingIsWrittenThroughASymlinkOrOverAFolder() throws {
        let folder = try TemporaryScreens(["outside/keep.txt": "x", "screens/status.json/inner.json": "{}"])
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: folder.screens + "/catalog", withDestinationPath: folder.root + "/outside")
        #expect {
            try Self.session().imported(into: folder.screens, force: true)
        } throws: { error in
            let message = (error as? ImportError)?.message ?? ""
            return message.contains("catalog/item-1.ios.json would be written through the symlink catalog")
                && message.contains("status.json is a folder") && message.hasSuffix("; nothing was written")
        }
        #expect(Self.tree(folder.root + "/outside") == ["keep.txt"])
        #expect(Self.tree(folder.screens) == ["catalog", "status.json", "status.json/inner.json"])
    }

    @Test func aFailureWhilePuttingFilesInPlaceLeavesTheFolderAsItWas() throws {
        let folder = try TemporaryScreens(["screens/home.json": "old", "screens/keep/me.json": "{}"])
        defer { folder.remove() }
        let staged = try StagedFolder.prepare(destination: folder.screens, shownAs: "screens")
        try staged.write(Array("new".utf8), as: ["home.json"])
        try staged.write(Array("{}".utf8), as: ["deep", "er", "a.json"])
        try staged.write(Array("{}".utf8), as: ["keep", "b.json"])
        try staged.write(Array("{}".utf8), as: ["z.json"])
        // The last file is gone from the staging folder: putting it in place fails.
        try FileManager.default.removeItem(atPath: staged.staging + "/z.json")
        #expect(throws: ImportError.self) {
            try staged.publish(["home.json", "deep/er/a.json", "keep/b.json", "z.json"], replacing: ["home.json"])
        }
        #expect(Self.tree(folder.screens) == ["home.json", "keep", "keep/me.json"])
        #expect(try String(contentsOfFile: folder.screens + "/home.json", encoding: .utf8) == "old")
    }

    @Test func aFailureWhileStagingANewFolderLeavesNothing() throws {
        let folder = try TemporaryScreens()
        defer { folder.remove() }
        let staged = try StagedFolder.prepare(destination: folder.root + "/x/y/out", shownAs: "out")
        #expect(throws: ImportError.self) {
            try staged.write(Array("{}".utf8), as: [String(repeating: "n", count: 300) + ".json"])
        }
        staged.discard()
        #expect(Self.tree(folder.root) == ["images", "screens"])
    }

    @Test func screensHoldingTemplateMarksAreListedToBeServedAsTheyAre() throws {
        let folder = try TemporaryScreens(["screens/.beagle-mock-verbatim": "# mine\n"])
        defer { folder.remove() }
        var session = SessionFixture()
        session.add("GET", "\(Self.base)/profile", body: #"{"text":"{{request.headers.authorization}}"}"#)
        _ = try session.imported(into: folder.screens)
        let list = try String(contentsOfFile: folder.screens + "/.beagle-mock-verbatim", encoding: .utf8)
        #expect(list.hasPrefix("# mine\n"))
        #expect(list.hasSuffix("  profile.json\n"))
        #expect(
            VerbatimList(root: try #require(ContainedRoot.realPath(folder.screens))).contains(
                "profile.json", bytes: Array(#"{"text":"{{request.headers.authorization}}"}"#.utf8)))
    }
}
