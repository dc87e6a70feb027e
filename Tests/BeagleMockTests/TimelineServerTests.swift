import Foundation
import MockTestSupport
import NIOCore
import NIOEmbedded
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// Timelines on a live server (Docs/Timelines.md), on a clock the test moves: the stage a request
/// meets and what the journal records, a connection dropped as `offline` begins, the headers,
/// the admin API and a reload of the config file.
@Suite struct TimelineServerTests {
    static let config = """
        timeline:
          tunnel:
            stages:
              - {for: 10s, name: calm}
              - {for: 10s, profile: offline}
              - {for: 10s, name: deploy, faults: ["status:503"]}
          slow:
            per: client
            stages:
              - {for: 10s, name: first}
              - {for: 10s, name: second, faults: ["status:500"]}
        """

    static let files = [
        "screens/home.json":
            #"{"_beagleComponent_": "beagle:screenComponent", "child": {"_beagleComponent_": "beagle:text", "text": "home"}}"#,
        "screens/beagle-mock.yml": config,
    ]

    /// A server over `files` whose timelines run on `loop`, the config file read only when the
    /// test asks.
    static func withServer(
        loop: NIOAsyncTestingEventLoop, timeline: String? = nil, log: LogCapture = LogCapture(),
        _ body: (RunningMockServer, TemporaryScreens) async throws -> Void
    ) async throws {
        try await withMockServer(files: files) {
            $0.timelineLoop = loop
            $0.timeline = timeline
            $0.logger = log.logger
            $0.configPollInterval = .seconds(3600)
        } _: { server, folder in
            try await body(server, folder)
        }
        await loop.shutDownAfterPendingWork()
    }

    static func get(_ server: RunningMockServer, headers: [(String, String)] = []) async throws -> RawHTTPResponse {
        try #require(try await HTTPProbe.request(port: server.port, target: "/home", headers: headers))
    }

    @Test func eachRequestMeetsTheStageOfItsArrivalAndTheJournalSaysWhich() async throws {
        let loop = NIOAsyncTestingEventLoop()
        try await Self.withServer(loop: loop, timeline: "tunnel") { server, _ throws in
            #expect(try await Self.get(server).status == 200)
            await loop.advanceTime(by: .seconds(20))
            #expect(try await Self.get(server).status == 503)
            let entries = server.server.operations.journal.read(limit: 2).entries
            #expect(
                entries.map(\.stage) == [
                    StageMark(timeline: "tunnel", index: 2, name: "deploy"),
                    StageMark(timeline: "tunnel", index: 0, name: "calm"),
                ])
            await loop.advanceTime(by: .seconds(10))
            #expect(try await Self.get(server).status == 200, "reverted to the base settings")
            #expect(server.server.operations.journal.read(limit: 1).entries.first?.stage == nil)
        }
    }

    @Test func enteringOfflineDropsTheConnectionsOpen() async throws {
        let loop = NIOAsyncTestingEventLoop()
        try await Self.withServer(loop: loop, timeline: "tunnel") { server, _ throws in
            let idle = try await RawConnection.connect(port: server.port)
            try await idle.send("GET /home HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(await idle.waitFor(text: "\"home\""))
            // A request in flight, waiting out its latency, when the network goes.
            let arrivals = server.server.operations.journal.feed.follow()
            let waiting = try await RawConnection.connect(port: server.port)
            try await waiting.send("GET /home HTTP/1.1\r\nHost: x\r\nX-Mock-Latency: 30s\r\n\r\n")
            let planned = await JournalFeed.first(of: arrivals, within: .seconds(10)) { $0.latencyMs == 30_000 }
            #expect(planned != nil)
            await loop.advanceTime(by: .seconds(10))
            // Ended: a FIN first, then a reset, whichever the client reads first.
            #expect(await idle.readToEnd().ending != .open)
            #expect(await waiting.readToEnd().ending != .open)
            #expect(!waiting.received.contains("HTTP/1.1"), "no answer came")
        }
    }

    @Test func aClientRunsATimelineOfItsOwnAndEachClientHasItsClock() async throws {
        let loop = NIOAsyncTestingEventLoop()
        try await Self.withServer(loop: loop) { server, _ throws in
            // Two parallel tests, each its own story of the same timeline.
            let a = [("X-Mock-Client", "test-a"), ("X-Mock-Timeline", "slow")]
            let b = [("X-Mock-Client", "test-b"), ("X-Mock-Timeline", "slow")]
            #expect(try await Self.get(server, headers: a).status == 200)
            await loop.advanceTime(by: .seconds(10))
            #expect(try await Self.get(server, headers: a).status == 500)
            #expect(try await Self.get(server, headers: b).status == 200)
            #expect(try await Self.get(server).status == 200, "a client that runs none")
            await loop.advanceTime(by: .seconds(10))
            #expect(try await Self.get(server, headers: a).status == 200, "a's story is over")
            #expect(try await Self.get(server, headers: b).status == 500)
        }
    }

    @Test func randomFaultsInAStageFollowTheSeed() async throws {
        let flaky = """
            seed: 42
            timeline:
              flaky:
                stages:
                  - {for: 10s, name: calm}
                  - {for: 10s, name: flaky, faults: ["status:503@0.5"]}
            """
        // The same requests at the same offsets, on two servers: the same outcomes.
        func run() async throws -> [Int] {
            let loop = NIOAsyncTestingEventLoop()
            var statuses: [Int] = []
            try await withMockServer(files: [
                "screens/home.json": Self.files["screens/home.json"]!, "screens/beagle-mock.yml": flaky,
            ]) {
                $0.timelineLoop = loop
                $0.timeline = "flaky"
            } _: { server, _ throws in
                for step in 0..<24 {
                    if step == 4 { await loop.advanceTime(by: .seconds(10)) }
                    statuses.append(try await Self.get(server).status)
                }
            }
            await loop.shutDownAfterPendingWork()
            return statuses
        }
        let first = try await run()
        #expect(first.prefix(4).allSatisfy { $0 == 200 }, "the calm stage: \(first)")
        #expect(Set(first.dropFirst(4)) == [200, 503], "the flaky stage draws both: \(first)")
        #expect(try await run() == first)
    }

    @Test func badTimelineHeadersAreRefusedByName() async throws {
        let loop = NIOAsyncTestingEventLoop()
        try await Self.withServer(loop: loop) { server, _ throws in
            let unknown = try await Self.get(server, headers: [("X-Mock-Timeline", "tunel")])
            #expect(unknown.status == 400)
            #expect(unknown.text.contains("no timeline named tunel; the config file has tunnel, slow"))
            #expect(unknown.text.contains(#""header":"X-Mock-Timeline""#))
            let client = try await Self.get(server, headers: [("X-Mock-Client", String(repeating: "x", count: 201))])
            #expect(client.status == 400)
            #expect(client.text.contains("X-Mock-Client"))
            #expect(!server.server.operations.settings.timelines.isRunning)
        }
    }

    @Test func theAdminAPIStartsReadsAndStops() async throws {
        let loop = NIOAsyncTestingEventLoop()
        try await Self.withServer(loop: loop) { server, _ throws in
            func call(_ method: String, _ body: String? = nil) async throws -> RawHTTPResponse {
                try #require(
                    try await HTTPProbe.request(
                        port: server.port, method: method, target: "/__admin/timeline",
                        headers: [("Content-Type", "application/json")], body: body.map { Array($0.utf8) } ?? []))
            }
            let idle = try await call("GET")
            #expect(idle.text == #"{"named":["tunnel","slow"],"replaced":null,"running":[],"stopped":null}"#)
            let started = try await call("PUT", #"{"name": "tunnel"}"#)
            #expect(started.status == 200)
            await loop.advanceTime(by: .seconds(12))
            let run = try #require((try await call("GET").jsonObject()["running"] as? [[String: Any]])?.first)
            #expect(run["stage"] as? Int == 1)
            #expect(run["stageLeftMs"] as? Double == 8_000)
            #expect(run["elapsedMs"] as? Double == 12_000)
            let inline = try await call("PUT", #"{"timeline": {"stages": [{"for": "5s", "faults": ["status:429"]}]}}"#)
            #expect(try inline.jsonObject()["replaced"] as? String == "tunnel")
            #expect(try await Self.get(server).status == 429)
            let bad = try await call("PUT", "{\"timeline\": {\"stages\": [{\"for\": \"0s\"}]}}")
            #expect(bad.status == 400)
            #expect(bad.text.contains("body:1:34: timeline.stages[0].for: a stage must last longer than 0"))
            #expect(try await Self.get(server).status == 429, "a refused start leaves the running timeline")
            let stopped = try await call("DELETE")
            #expect(try stopped.jsonObject()["stopped"] as? String == "inline")
            #expect(try await Self.get(server).status == 200)
        }
    }

    @Test func aReloadKeepsTheRunningTimelineWhenTheFileIsWrongAndTakesItsNewStagesWhenRight() async throws {
        let loop = NIOAsyncTestingEventLoop()
        let log = LogCapture()
        try await Self.withServer(loop: loop, timeline: "tunnel", log: log) { server, folder throws in
            try folder.write(
                "screens/beagle-mock.yml",
                Self.config.replacingOccurrences(of: "for: 10s, name: calm", with: "for: 0s, name: calm"))
            guard case .rejected(let error) = server.server.reloadConfiguration() else {
                Issue.record("the wrong file was taken")
                return
            }
            #expect(error.description.contains("beagle-mock.yml:4:15: timeline.tunnel.stages[0].for"))
            #expect(try await Self.get(server).status == 200)
            try folder.write(
                "screens/beagle-mock.yml",
                Self.config.replacingOccurrences(of: "name: calm", with: "name: calm, faults: [\"status:502\"]"))
            #expect(server.server.reloadConfiguration() == .reloaded)
            #expect(try await Self.get(server).status == 502)
        }
    }
}
