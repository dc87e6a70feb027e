import BeagleMock
import Foundation
import MockTestSupport
import Testing

/// Latency, pacing, rates, seeds, sequences and the config file, seen from a client of a live
/// server (Docs/LatencyAndFaults.md and Docs/Configuration.md).
@Suite struct DecisionLiveTests {
    static let files = ["screens/home.json": #"{"home":true}"#, "screens/flaky.json": #"{"flaky":true}"#]

    @Test func latencyIsFeltBeforeTheFirstByte() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let clock = ContinuousClock()
            let start = clock.now
            let response = try #require(
                try await HTTPProbe.request(port: server.port, target: "/home", headers: [("X-Mock-Latency", "300ms")]))
            #expect(response.status == 200)
            #expect(clock.now - start >= .milliseconds(300))
            let viaQuery = clock.now
            _ = try await HTTPProbe.request(port: server.port, target: "/home?__latency=200ms..250ms")
            #expect(clock.now - viaQuery >= .milliseconds(200))
        }
    }

    /// Docs/LatencyAndFaults.md: latency runs from the end of the request, so a body that arrives late
    /// delays the answer by the whole latency again.
    @Test func latencyCountsFromTheEndOfTheRequestBody() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send(
                "POST /__echo HTTP/1.1\r\nHost: x\r\nX-Mock-Latency: 300ms\r\nContent-Length: 4\r\n\r\n")
            // A slow client: the body comes longer after the head than the latency lasts (the
            // client's own pace, not a wait for the server).
            try await Task.sleep(for: .milliseconds(400))
            let clock = ContinuousClock()
            let bodySent = clock.now
            try await connection.send("late")
            let response = await connection.readResponse()
            let waited = clock.now - bodySent
            await connection.close()
            #expect(response?.status == 200)
            #expect(response.map { String(decoding: $0.body, as: UTF8.self).contains("late") } == true)
            #expect(waited >= .milliseconds(300))
        }
    }

    @Test func aThousandDelayedRequestsWaitTogether() async throws {
        try await withMockServer(files: Self.files, configure: { $0.flags.latency = .fixed(.seconds(1)) }) { server, _ in
            let clock = ContinuousClock()
            let start = clock.now
            let statuses = try await withThrowingTaskGroup(of: Int?.self) { group in
                for _ in 0..<1000 {
                    // Each may wait long on two busy cores; together they must still end in about one second.
                    group.addTask {
                        try await HTTPProbe.request(port: server.port, target: "/home", timeout: .seconds(50))?.status
                    }
                }
                return try await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            let elapsed = clock.now - start
            #expect(statuses.count == 1000)
            #expect(statuses.allSatisfy { $0 == 200 }, "\(Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count))")
            // One after another they would take 1,000 s; together, about one.
            #expect(elapsed >= .seconds(1))
            #expect(elapsed < .seconds(60))
        }
    }

    @Test func bandwidthPacesTheBody() async throws {
        let body = String(repeating: "b", count: 48 * 1024)
        try await withMockServer(files: ["images/big.txt": body]) { server, _ in
            let clock = ContinuousClock()
            let start = clock.now
            let response = try #require(
                try await HTTPProbe.request(
                    port: server.port, target: "/images/big.txt", headers: [("X-Mock-Bandwidth", "32KiB/s")]))
            let elapsed = clock.now - start
            #expect(response.text == body)
            #expect(elapsed >= .milliseconds(1300))
            #expect(elapsed < .seconds(30))
        }
    }

    @Test func dribbleSendsChunksApart() async throws {
        let body = String(repeating: "d", count: 4000)
        try await withMockServer(files: ["images/d.txt": body]) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            let clock = ContinuousClock()
            let start = clock.now
            try await connection.send("GET /images/d.txt HTTP/1.1\r\nHost: x\r\nX-Mock-Dribble: 4x800ms\r\n\r\n")
            let response = try #require(await connection.readResponse())
            let elapsed = clock.now - start
            await connection.close()
            #expect(response.text == body)
            #expect(elapsed >= .milliseconds(750))
            #expect(elapsed < .seconds(30))
        }
    }

    /// The statuses a sequence of requests gets from a fresh server with `seed`.
    static func statuses(seed: UInt64, count: Int) async throws -> [Int] {
        let flags = CommandLineSettings(faults: try FaultRules(spec: "status:503@0.3,status:500@0.1"), seed: seed)
        return try await withMockServer(files: files, configure: { $0.flags = flags }) { server, _ in
            var statuses: [Int] = []
            for index in 0..<count {
                let target = index.isMultiple(of: 3) ? "/flaky" : "/home"
                statuses.append(try #require(try await HTTPProbe.request(port: server.port, target: target)).status)
            }
            return statuses
        }
    }

    @Test func aSeedReplaysTheSameFaults() async throws {
        let first = try await Self.statuses(seed: 42, count: 60)
        let second = try await Self.statuses(seed: 42, count: 60)
        let other = try await Self.statuses(seed: 43, count: 60)
        #expect(first == second)
        #expect(first != other)
        #expect(first.contains(503) && first.contains(200))
    }

    @Test func aRateOfOneFifthLandsWithinBounds() async throws {
        let flags = CommandLineSettings(faults: try FaultRules(spec: "status:503@0.2"), seed: 2026)
        try await withMockServer(files: Self.files, configure: { $0.flags = flags }) { server, _ in
            var failures = 0
            for _ in 0..<2000 {
                let status = try #require(try await HTTPProbe.request(port: server.port, target: "/home")).status
                if status == 503 { failures += 1 }
            }
            // Binomial(2000, 0.2): mean 400, standard deviation about 17.9; ±5σ.
            #expect((310...490).contains(failures), "\(failures) failures of 2000")
        }
    }

    @Test func sequencesGiveEachRequestItsEntry() async throws {
        var files = Self.files
        files["screens/beagle-mock.yml"] = """
            routes:
              - path: /flaky
                sequence: ["status:500", "status:502", ok]
            """
        try await withMockServer(files: files) { server, _ in
            var statuses: [Int] = []
            for _ in 0..<5 {
                statuses.append(try #require(try await HTTPProbe.request(port: server.port, target: "/flaky")).status)
            }
            #expect(statuses == [500, 502, 200, 200, 200])
            // Other routes have their own counters (and no sequence).
            #expect(try await HTTPProbe.request(port: server.port, target: "/home")?.status == 200)
        }
    }

    @Test func routeRulesBeatFlagsAndHeadersBeatEverything() async throws {
        var files = Self.files
        files["screens/beagle-mock.yml"] = """
            faults: [{fault: "status:500"}]
            routes:
              - path: /flaky
                methods: [GET]
                faults: [{fault: "status:503"}]
            """
        let flags = CommandLineSettings(faults: try FaultRules(spec: "status:502"))
        try await withMockServer(files: files, configure: { $0.flags = flags }) { server, _ in
            let rule = try await HTTPProbe.request(port: server.port, target: "/flaky")
            let ruleWithSuffix = try await HTTPProbe.request(port: server.port, target: "/flaky.json")
            let flag = try await HTTPProbe.request(port: server.port, target: "/home")
            let header = try await HTTPProbe.request(
                port: server.port, target: "/flaky", headers: [("X-Mock-Fault", "status:418")])
            #expect(rule?.status == 503)
            #expect(ruleWithSuffix?.status == 503)
            #expect(flag?.status == 502)
            #expect(header?.status == 418)
        }
    }

    @Test func anEditedConfigIsAppliedAndABrokenOneIsNot() async throws {
        var files = Self.files
        files["screens/beagle-mock.yml"] = "faults: [{fault: \"status:500\"}]\n"
        // Only the reloads below: the server's own checks would race them.
        try await withMockServer(files: files, configure: { $0.configPollInterval = .seconds(3600) }) { server, folder in
            #expect(try await HTTPProbe.request(port: server.port, target: "/home")?.status == 500)
            try folder.write("screens/beagle-mock.yml", "faults: [{fault: \"status:503\"}]\n")
            #expect(server.server.reloadConfiguration() == .reloaded)
            #expect(try await HTTPProbe.request(port: server.port, target: "/home")?.status == 503)
            try folder.write("screens/beagle-mock.yml", "faults: [{fault: \"status:nope\"}\n")
            guard case .rejected(let error) = server.server.reloadConfiguration() else {
                Issue.record("a broken config was not rejected")
                return
            }
            #expect(error.description.contains("beagle-mock.yml:"))
            #expect(try await HTTPProbe.request(port: server.port, target: "/home")?.status == 503)
        }
    }

    @Test func theServerPollsTheConfigByItself() async throws {
        var files = Self.files
        files["screens/beagle-mock.yml"] = "latency: 0\n"
        try await withMockServer(files: files) { server, folder in
            try folder.write("screens/beagle-mock.yml", "faults: [{fault: \"status:504\"}]\n")
            // Read now rather than at the next poll (the polling has its own tests, ConfigReloaderTests);
            // unchanged when the poll came first.
            #expect([.reloaded, .unchanged].contains(server.server.reloadConfiguration()))
            #expect(try #require(try await HTTPProbe.request(port: server.port, target: "/home")).status == 504)
        }
    }

    @Test func invalidConfigAtStartIsAnError() throws {
        let folder = try TemporaryScreens([
            "screens/home.json": "{}", "screens/beagle-mock.yml": "latency: 80ms\nroutes:\n  - path: nope\n",
        ])
        defer { folder.remove() }
        #expect {
            try MockServer(configuration: .init(screensDirectory: folder.screens, port: 0))
        } throws: { error in
            guard case MockServerError.invalidConfig(let message) = error else { return false }
            return message.contains("beagle-mock.yml:3:") && message.contains("path")
        }
    }
}
