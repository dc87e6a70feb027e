import BeagleProbe
import Foundation
import Testing

/// Where `--save` puts each route, checked on disk.
@Suite struct SnapshotWriterTests {
    static let base = "http://bff.test:8080"

    /// A report as the crawler would make it, one result per `(kind, route, status, body)`.
    func report(_ items: [(ProbeItemKind, String, Int?, String)]) throws -> ProbeReport {
        let configuration = try ProbeConfiguration(startURL: Self.base + "/")
        let results = items.map { kind, route, status, body in
            ProbeResult(
                kind: kind, route: route, url: URL(string: Self.base + route), depth: 0, referrer: nil, status: status,
                duration: .milliseconds(1), body: Data(body.utf8), problems: [])
        }
        return ProbeReport(configuration: configuration, results: results, notFollowed: [], duration: .milliseconds(1))
    }

    func save(_ report: ProbeReport) throws -> (ProbeReport, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-snapshot-" + UUID().uuidString)
        return (try SnapshotWriter(directory: folder).save(report), folder)
    }

    func files(in folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.path + "/" + path, isDirectory: &isFolder)
            if !isFolder.boolValue { found.append(path) }
        }
        return found.sorted()
    }

    @Test func routesBecomeFilesByTheScreensFolderRules() throws {
        let (saved, folder) = try save(
            try report([
                (.screen, "/", 200, "root"),
                (.screen, "/catalog", 200, "catalog"),
                (.screen, "/catalog/item-1", 200, "item"),
                (.lazyComponent, "/fragments/tip", 200, "tip"),
                (.screen, "/promo.ios", 200, "a route named like a variant"),
                (.screen, "/cart.post", 200, "a route named like a method file"),
                (.screen, "/user/Name%20Of%20User", 200, "decoded"),
                (.screen, "/data.json", 200, "json suffix"),
                (.image, "/images/hero/banner.png", 200, "png"),
                (.image, "/banner.png", 200, "asset"),
            ]))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            files(in: folder) == [
                "images/hero/banner.png",
                "screens/banner.png",
                "screens/cart.post/index.json",
                "screens/catalog.json",
                "screens/catalog/item-1.json",
                "screens/data.json",
                "screens/fragments/tip.json",
                "screens/index.json",
                "screens/promo.ios/index.json",
                "screens/user/Name Of User.json",
            ])
        #expect(saved.results.map(\.savedAs).allSatisfy { $0 != nil })
        #expect(try Data(contentsOf: folder.appendingPathComponent("screens/catalog.json")) == Data("catalog".utf8))
        #expect(saved.snapshot?.screens == 8)
        #expect(saved.snapshot?.images == 2)
        #expect(saved.snapshot?.notSaved == 0)
        #expect(saved.results.allSatisfy { $0.problems.isEmpty })
    }

    @Test func whatCannotRoundTripIsNotSavedAndSaysWhy() throws {
        let (saved, folder) = try save(
            try report([
                (.screen, "/", 200, "root"),
                (.screen, "/index", 200, "the mock serves index.json for /index too"),
                (.screen, "/a", 200, "a"),
                (.screen, "/a?page=2", 200, "a, page 2"),
                (.screen, "/.hidden", 200, "dot"),
                (.screen, "/x/%2e%2e/y", 200, "dot dot"),
                (.screen, "/__admin/settings", 200, "admin"),
                (.image, "/pic", 200, "an image where a screen folder must be"),
                (.screen, "/pic/screen", 200, "screen"),
                (.image, "/data/x.json", 200, "json image"),
            ]))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(files(in: folder) == ["screens/a.json", "screens/index.json", "screens/pic"])
        let reasons = saved.results.map { $0.problems.first?.message ?? "saved" }
        #expect(
            reasons == [
                "saved",
                "not saved: no file name serves it back at /index next to the files already saved",
                "saved",
                "not saved: same file as /a (the mock ignores queries)",
                "not saved: '.hidden' would be a dot-file, which the mock never serves",
                "not saved: the path has a '..' segment",
                "not saved: /__admin is the mock's own API",
                "saved",
                "not saved: no file name serves it back at /pic/screen next to the files already saved",
                "not saved: outside /images/, a file ending in .json is served as a screen, not an image",
            ])
        #expect(saved.results.allSatisfy { !$0.failed })
        #expect(saved.snapshot?.notSaved == 7)
        #expect(saved.snapshotLine?.contains("; 7 not saved (see problems)") == true)
    }

    @Test func onlyReceivedBFFContentIsSaved() throws {
        let (saved, folder) = try save(
            try report([
                (.screen, "/", 200, "root"),
                (.screen, "/down", 503, "{\"error\": \"unavailable\"}"),
                (.screen, "/gone", nil, ""),
                (.image, "https://cdn.test/x.png", 200, "elsewhere"),
                (.image, "/images/empty.png", 200, ""),
            ]))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(files(in: folder) == ["screens/index.json"])
        #expect(saved.snapshot?.externalImages == 1)
        #expect(saved.results.map(\.savedAs) == ["screens/index.json", nil, nil, nil, nil])
    }

    @Test func rewritesFilesInPlaceAndLeavesNoTemporaryFiles() throws {
        let (_, folder) = try save(try report([(.screen, "/home", 200, "first")]))
        defer { try? FileManager.default.removeItem(at: folder) }
        let again = try SnapshotWriter(directory: folder).save(try report([(.screen, "/home", 200, "second")]))
        #expect(again.results[0].savedAs == "screens/home.json")
        #expect(try Data(contentsOf: folder.appendingPathComponent("screens/home.json")) == Data("second".utf8))
        let all = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/screens")
        #expect(all == ["home.json"])
    }

    @Test func aFileThatCannotBeWrittenIsAnErrorAndTheOthersAreStillSaved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-snapshot-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A file where the folder of /catalog/item-1 must go.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: folder.appendingPathComponent("screens/catalog"))
        let saved = try SnapshotWriter(directory: folder).save(
            try report([(.screen, "/catalog/item-1", 200, "item"), (.screen, "/home", 200, "home")]))
        #expect(saved.results[0].failed)
        #expect(saved.results[0].problems.first?.message.hasPrefix("not saved: cannot create its folder") == true)
        #expect(saved.results[1].savedAs == "screens/home.json")
        #expect(saved.failed)
        #expect(try Data(contentsOf: folder.appendingPathComponent("screens/catalog")) == Data("in the way".utf8))
    }

    @Test func aSnapshotFolderThatCannotBeCreatedThrows() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("probe-blocker-" + UUID().uuidString)
        try Data("file".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        #expect(throws: AtomicFileError.self) {
            try SnapshotWriter(directory: blocker).save(try report([(.screen, "/home", 200, "home")]))
        }
    }
}
