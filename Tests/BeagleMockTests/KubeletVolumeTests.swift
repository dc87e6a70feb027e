import Foundation
import MockTestSupport
import Synchronization
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// A screens folder mounted from a ConfigMap, a Secret or a projected volume (Docs/Kubernetes.md):
/// served through the kubelet's `..data` layout, updated at the swap and not before, with the
/// folder rules of Docs/ScreensFolder.md, "Path safety", holding. The volume is written with the
/// kubelet's own steps (`KubeletVolume`).
@Suite struct KubeletVolumeTests {
    static func text(_ text: String) -> String { #"{"_beagleComponent_":"beagle:text","text":"\#(text)"}"# }

    /// A ConfigMap's files, a projected `guides/` folder, the config, and names the rules keep out.
    static func payload(_ version: String) -> [String: String] {
        [
            "home.json": text("home \(version)"),
            "guides/pour-over.json": text("pour-over \(version)"),
            "answers/\(version).json": text("answer \(version)"),
            "beagle-mock.yml": "routes:\n  - path: /answer\n    file: answers/\(version).json\n",
            ".env": "TOKEN=\(version)",
            ".git/config": "[core]",
        ]
    }

    /// Runs `body` with a server over a kubelet volume holding `payload`, then removes it.
    func withVolume(
        _ payload: [String: String], configure: (inout MockServerConfiguration, KubeletVolume) -> Void = { _, _ in },
        _ body: (RunningMockServer, KubeletVolume) async throws -> Void
    ) async throws {
        let folder = try TemporaryScreens()
        defer { folder.remove() }
        let volume = try KubeletVolume(path: folder.root + "/volume")
        try await volume.write(payload)
        var configuration = MockServerConfiguration(screensDirectory: volume.path, port: 0)
        configure(&configuration, volume)
        try await withMockServer(configuration) { server in try await body(server, volume) }
    }

    /// The body of a 200, or the status of anything else.
    func get(_ server: RunningMockServer, _ target: String) async throws -> String {
        let response = try #require(try await HTTPProbe.request(port: server.port, target: target))
        return response.status == 200 ? response.text : "\(response.status)"
    }

    @Test func theKubeletsLayoutIsServedWithItsConfig() async throws {
        try await withVolume(Self.payload("1")) { server, _ in
            #expect(try await get(server, "/home") == Self.text("home 1"))
            #expect(try await get(server, "/guides/pour-over") == Self.text("pour-over 1"))
            #expect(try await get(server, "/answer") == Self.text("answer 1"))
            #expect(server.server.inventory()?.screens == 3)
            let routes = try await get(server, "/__admin/routes")
            #expect(routes.contains(#""/guides/pour-over""#) && routes.contains(#""/home""#))
            #expect(!routes.contains("..") && !routes.contains("env"))
        }
    }

    @Test(arguments: ["/.env", "/.git/config", "/beagle-mock.yml", "/..data/home.json", "/..data/.env"])
    func whatTheFolderRulesKeepOutStaysOut(target: String) async throws {
        try await withVolume(Self.payload("1")) { server, volume in
            let dataFolder = try #require(volume.dataFolder)
            #expect(Int(try await get(server, target)) != nil)
            #expect(Int(try await get(server, "/\(dataFolder)/home.json")) != nil)
        }
    }

    @Test func aLinkOutOfTheVolumeInsideItsDataFolderIsNotServed() async throws {
        try await withVolume(Self.payload("1")) { server, volume in
            let outside = volume.path + "/../outside.json"
            try Self.text("outside").write(toFile: outside, atomically: true, encoding: .utf8)
            let dataFolder = try #require(volume.dataFolder)
            try FileManager.default.createSymbolicLink(
                atPath: volume.path + "/" + dataFolder + "/leak.json", withDestinationPath: outside)
            try FileManager.default.createSymbolicLink(
                atPath: volume.path + "/leak.json", withDestinationPath: "..data/leak.json")
            #expect(try await get(server, "/leak") == "404")
        }
    }

    @Test func aFolderNamedLikeTheKubeletsWithoutItsLinkStaysHidden() async throws {
        let folder = try TemporaryScreens(["screens/..2026_11_28_12_00_00.123/home.json": Self.text("hidden")])
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: folder.screens + "/home.json", withDestinationPath: "..2026_11_28_12_00_00.123/home.json")
        try await withMockServer(MockServerConfiguration(screensDirectory: folder.screens, port: 0)) { server in
            let home = try await get(server, "/home")
            #expect(home == "404")
            #expect(server.server.inventory()?.screens == 0)
        }
    }

    @Test func theConfigUnderAnotherNameStaysOutAfterASwap() async throws {
        var payload = Self.payload("1")
        payload["mock.yml"] = payload.removeValue(forKey: "beagle-mock.yml")
        try await withVolume(payload, configure: { $0.configFile = $1.path + "/mock.yml" }) { server, volume in
            #expect(try await get(server, "/mock.yml") == "404")
            var next = Self.payload("2")
            next["mock.yml"] = next.removeValue(forKey: "beagle-mock.yml")
            try await volume.write(next)
            #expect(try await get(server, "/home") == Self.text("home 2"))
            #expect(try await get(server, "/mock.yml") == "404")
            #expect(try await get(server, "/mock") == "404")
        }
    }

    /// Between the writer's steps, the server answers from the folder `..data` names: the old one
    /// until the swap, the new one from the swap on; a name new in the update is found from the
    /// swap, and a name gone from it is gone from the swap.
    @Test func anUpdateIsServedFromTheSwapOn() async throws {
        var first = Self.payload("1")
        first["old.json"] = Self.text("old")
        try await withVolume(first) { server, volume in
            var second = Self.payload("2")
            second["new.json"] = Self.text("new")
            var seen: [KubeletVolume.Step: [String]] = [:]
            try await volume.write(second) { step in
                var answers: [String] = []
                for target in ["/home", "/guides/pour-over", "/new", "/old"] {
                    answers.append(try await get(server, target))
                }
                seen[step] = answers
            }
            let before = [Self.text("home 1"), Self.text("pour-over 1"), "404", Self.text("old")]
            let after = [Self.text("home 2"), Self.text("pour-over 2"), Self.text("new"), "404"]
            #expect(seen[.wroteData] == before)
            #expect(seen[.linkedNames] == before)
            #expect(seen[.swapped] == after)
            #expect(seen[.prunedNames] == after)
            #expect(seen[.removedOldData] == after)
            #expect(server.server.inventory()?.screens == 4)
            #expect(server.server.reloadConfiguration() == .reloaded)
            #expect(try await get(server, "/answer") == Self.text("answer 2"))
        }
    }

    /// Clients asking all the while the kubelet swaps versions get one whole version or the other,
    /// with the ETag of that version, never a missing file; after the last swap, the last version.
    /// `/home` of a version, longer for each, so that a body cut or mixed cannot pass for another.
    static func home(_ version: Int) -> String {
        text("home \(version)" + String(repeating: "!", count: version * 500))
    }

    @Test func aSwapInTheMiddleOfRequestsGivesOneWholeVersion() async throws {
        let versions = 12
        try await withVolume(Self.payload("0").merging(["home.json": Self.home(0)]) { $1 }) { server, volume in
            let written = WrittenFlag()
            let writing = Task {
                defer { written.set() }
                for version in 1...versions {
                    // Each version is written while the clients ask: after they have had 8 more answers.
                    while written.answers < version * 8 { await Task.yield() }
                    try await volume.write(Self.payload("\(version)").merging(["home.json": Self.home(version)]) { $1 })
                }
            }
            let answers = try await withThrowingTaskGroup(of: [(Int, String, String?)].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        let client = try await KeepAliveClient.connect(port: server.port)
                        var answers: [(Int, String, String?)] = []
                        repeat {
                            let response = try await client.request("GET", "/home")
                            answers.append((response.status, response.text, response.header("ETag")))
                            written.answered()
                        } while !written.isSet
                        await client.close()
                        return answers
                    }
                }
                var all: [(Int, String, String?)] = []
                for try await answers in group { all += answers }
                return all
            }
            try await writing.value
            let expected = Set((0...versions).map(Self.home))
            #expect(answers.allSatisfy { $0.0 == 200 }, "statuses: \(Set(answers.map(\.0)))")
            #expect(answers.allSatisfy { expected.contains($0.1) })
            #expect(Set(answers.map(\.1)).count > 1, "the clients saw the versions change")
            var etags: [String: Set<String?>] = [:]
            for (_, text, etag) in answers { etags[text, default: []].insert(etag) }
            #expect(etags.values.allSatisfy { $0.count == 1 }, "one ETag for each body")
            #expect(try await get(server, "/home") == Self.home(versions))
        }
    }
}

/// Set once the writer is done, read by the clients without waiting; and the answers the clients
/// have had, which the writer paces its versions by.
private final class WrittenFlag: Sendable {
    private let value = Atomic<Bool>(false)
    private let count = Atomic<Int>(0)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
    func answered() { count.add(1, ordering: .relaxed) }
    var answers: Int { count.load(ordering: .relaxed) }
}
