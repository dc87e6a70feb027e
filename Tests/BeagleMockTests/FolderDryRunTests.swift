import BeagleMock
import Foundation
import MockTestSupport
import Testing

/// A screens folder's answers to plain GETs, found without a server (`FolderDryRun`, what
/// `probe --compare` reads of a folder's heads): the status and fields a live server sends, the
/// route rules applied, and the latency the folder sets for each request.
@Suite struct FolderDryRunTests {
    static let screen =
        #"{"_beagleComponent_": "beagle:screenComponent", "child": {"_beagleComponent_": "beagle:text", "text": "Hi"}}"#

    static let files = [
        "screens/home.json": screen,
        "screens/home.ios.json": screen.replacingOccurrences(of: "Hi", with: "Hi, iPhone"),
        "screens/promo.json": screen,
        "screens/premium.json": screen.replacingOccurrences(of: "Hi", with: "Gold"),
        "screens/profile.json": screen,
        "screens/logo.svg": "<svg/>",
        "screens/beagle-mock.yml": """
        routes:
          - path: /promo
            file: promo.json
            response: {status: 202, headers: {Cache-Control: max-age=300}}
          - path: /profile
            when: {headers: {X-Tier: premium}}
            file: premium.json
        """,
    ]

    @Test(arguments: ["/home", "/home?page=2", "/promo", "/profile", "/logo.svg", "/nothing"])
    func theHeadIsTheOneALiveServerSends(target: String) async throws {
        let headers = [("beagle-platform", "IOS"), ("Content-Type", "application/json"), ("X-Tier", "premium")]
        try await withMockServer(files: Self.files) { server, folder in
            let dryRun = try #require(try FolderDryRun(screensDirectory: folder.screens))
            let answer = try #require(await dryRun.answer(get: target, headers: headers.map { (name: $0.0, value: $0.1) }))
            let live = try #require(try await HTTPProbe.request(port: server.port, target: target, headers: headers))
            #expect(answer.status == live.status)
            #expect(!answer.headers.isEmpty)
            for (name, value) in answer.headers {
                #expect(live.header(name) == value, "\(target) \(name)")
            }
        }
    }

    @Test func routeRulesSetTheStatusAndHeadersOfTheirFiles() async throws {
        let folder = try TemporaryScreens(Self.files)
        defer { folder.remove() }
        let dryRun = try #require(try FolderDryRun(screensDirectory: folder.screens))
        let promo = try #require(await dryRun.answer(get: "/promo", headers: []))
        #expect(promo.status == 202)
        #expect(promo.headers.first { $0.name == "Cache-Control" }?.value == "max-age=300")
        let home = try #require(await dryRun.answer(get: "/home", headers: [(name: "beagle-platform", value: "IOS")]))
        #expect(home.status == 200)
        #expect(home.headers.map(\.name) == ["ETag", "Last-Modified", "Cache-Control", "Vary", "Content-Type"])
        #expect(home.headers.first { $0.name == "Content-Type" }?.value == "application/json; charset=utf-8")
        #expect(await dryRun.answer(get: "/nothing", headers: [])?.status == 404)
        #expect(await dryRun.answer(get: "/__admin/health", headers: []) == nil)
    }

    @Test func theLatencyIsTheFirstMatchingRulesElseTheTopLevels() async throws {
        let folder = try TemporaryScreens([
            "screens/home.json": Self.screen,
            "screens/beagle-mock.yml": """
            latency: 80ms
            routes:
              - path: /catalog/**
                latency: {uniform: [100ms, 400ms]}
              - path: /slow
                profile: 3g
              - path: /premium
                when: {headers: {X-Tier: premium}}
                latency: 1s
              - path: /faults
                faults: [status:503@0.1]
            """,
        ])
        defer { folder.remove() }
        let dryRun = try #require(try FolderDryRun(screensDirectory: folder.screens))
        func latency(_ target: String, _ headers: [(name: String, value: String)] = []) async -> String? {
            await dryRun.answer(get: target, headers: headers)?.latency?.description
        }
        #expect(await latency("/home") == "80ms")
        #expect(await latency("/catalog/item-1") == "100ms..400ms")
        #expect(await latency("/slow") == "200ms..300ms")
        #expect(await latency("/premium", [(name: "x-tier", value: "premium")]) == "1s")
        #expect(await latency("/premium") == "80ms")
        // A rule that sets no latency leaves the top level's.
        #expect(await latency("/faults") == "80ms")
    }

    @Test func aFolderWithoutConfigSetsNoLatency() async throws {
        let folder = try TemporaryScreens(["screens/home.json": Self.screen])
        defer { folder.remove() }
        let dryRun = try #require(try FolderDryRun(screensDirectory: folder.screens))
        let answer = try #require(await dryRun.answer(get: "/home", headers: []))
        #expect(answer.status == 200)
        #expect(answer.latency == nil)
    }

    @Test func aConfigThatDoesNotLoadIsTheLoadersError() throws {
        let folder = try TemporaryScreens(["screens/home.json": Self.screen, "screens/beagle-mock.yml": "bogus: 1\n"])
        defer { folder.remove() }
        #expect(throws: ConfigError.self) { try FolderDryRun(screensDirectory: folder.screens) }
        #expect(try FolderDryRun(screensDirectory: folder.root + "/no-such-folder") == nil)
    }
}
