import Foundation
import HTTPTypes
import MockTestSupport
import NIOCore
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// Docs/AdminAPI.md's journal: the ring itself, and what a live server writes into it.
@Suite struct RequestJournalTests {
    static func entry(_ path: String) -> JournalEntry {
        JournalEntry(
            method: .get, path: path, query: "",
            headers: SentHeaders(.init(method: .get, scheme: nil, authority: nil, path: path)), body: .empty)
    }

    // MARK: The ring

    @Test func readsNewestFirstWithLimitAndGlob() throws {
        let journal = RequestJournal(capacity: 10)
        for path in ["/home", "/catalog/1", "/catalog/2", "/cart"] { _ = journal.begin(Self.entry(path)) }
        #expect(journal.read().entries.map(\.path) == ["/cart", "/catalog/2", "/catalog/1", "/home"])
        #expect(journal.read(limit: 2).entries.map(\.path) == ["/cart", "/catalog/2"])
        let catalog = journal.read(matching: try RouteGlob("/catalog/**"))
        #expect(catalog.entries.map(\.path) == ["/catalog/2", "/catalog/1"])
        #expect(catalog.total == 4)
        #expect(journal.read(limit: 1, matching: try RouteGlob("/catalog/*")).entries.map(\.path) == ["/catalog/2"])
    }

    @Test func aFullRingKeepsExactlyTheNewest() {
        let journal = RequestJournal(capacity: 3)
        let ids = (1...10).map { journal.begin(Self.entry("/r\($0)")) }
        #expect(ids == Array(1...10))
        let snapshot = journal.read()
        #expect(snapshot.entries.map(\.id) == [10, 9, 8])
        #expect(snapshot.total == 3)
        #expect(snapshot.capacity == 3)
        #expect(snapshot.dropped == 7)
        #expect(journal.entry(7) == nil)
        #expect(journal.entry(8)?.path == "/r8")
    }

    @Test func completionFindsItsEntryOrNothing() {
        let journal = RequestJournal(capacity: 2)
        let first = journal.begin(Self.entry("/a"))
        let second = journal.begin(Self.entry("/b"))
        journal.complete(second, status: 201, bytes: 5, duration: .milliseconds(3), outcome: .ok)
        _ = journal.begin(Self.entry("/c"))
        // The first has been pushed out: completing it must not touch another entry.
        journal.complete(first, status: 500, bytes: 9, duration: .seconds(1), outcome: .reset)
        let entries = journal.read().entries
        #expect(entries.map(\.status) == [nil, 201])
        #expect(entries.map(\.outcome) == [nil, .ok])
        #expect(entries.last?.durationMs == 3)
    }

    @Test func clearingKeepsIdsGoing() {
        let journal = RequestJournal(capacity: 5)
        let old = journal.begin(Self.entry("/a"))
        _ = journal.begin(Self.entry("/b"))
        #expect(journal.clear() == 2)
        #expect(journal.read().total == 0)
        let next = journal.begin(Self.entry("/c"))
        #expect(next == 3)
        journal.complete(old, status: 200, bytes: 0, duration: .zero, outcome: .ok)
        #expect(journal.read().entries.map(\.status) == [nil])
    }

    @Test func resizingKeepsTheNewest() {
        let journal = RequestJournal(capacity: 5)
        for index in 1...5 { _ = journal.begin(Self.entry("/r\(index)")) }
        journal.resize(to: 2)
        #expect(journal.read().entries.map(\.id) == [5, 4])
        journal.resize(to: 4)
        for index in 6...7 { _ = journal.begin(Self.entry("/r\(index)")) }
        #expect(journal.read().entries.map(\.id) == [7, 6, 5, 4])
        _ = journal.begin(Self.entry("/r8"))
        #expect(journal.read().entries.map(\.id) == [8, 7, 6, 5])
    }

    @Test func bodiesAreCutAtTheLimitOnACharacterBoundary() {
        let text = String(repeating: "é", count: 40)  // 80 bytes
        let cut = JournalBody(ByteBuffer(string: text), limit: 51)
        #expect(cut.isTruncated)
        #expect(cut.size == 80)
        #expect(cut.bytes.readableBytes == 50)
        #expect(cut.text.encoding == .utf8)
        let binary = JournalBody(ByteBuffer(bytes: [0xFF, 0x00, 0xD8]))
        #expect(!binary.isTruncated)
        #expect(binary.text.encoding == .base64)
        #expect(Data(base64Encoded: binary.text.value) == Data([0xFF, 0x00, 0xD8]))
        #expect(JournalBody(nil).text.value == "")
    }

    // MARK: A live server

    /// The entries of `GET /__admin/requests`, newest first.
    static func entries(_ client: KeepAliveClient, query: String = "") async throws -> [[String: any Sendable]] {
        let (status, page) = try await client.json("GET", "/__admin/requests\(query)")
        #expect(status == 200)
        return page["requests"] as? [[String: any Sendable]] ?? []
    }

    static let files = ["screens/home.json": #"{"hello":"world"}"#, "screens/cart.post.json": #"{"ok":true}"#]

    @Test func anEntrySaysWhatTheClientSentAndWhatItGot() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            let response = try await client.request(
                "POST", "/cart?coupon=A%20B&x=1", headers: [("beagle-platform", "IOS"), ("X-Trace", "1"), ("X-Trace", "2")],
                body: Array(#"{"item":1}"#.utf8))
            #expect(response.status == 200)
            let entry = try #require(try await Self.entries(client).first)
            #expect(entry["id"] as? Int == 1)
            #expect(entry["method"] as? String == "POST")
            #expect(entry["path"] as? String == "/cart")
            #expect(entry["query"] as? String == "coupon=A%20B&x=1")
            let headers = try #require(entry["headers"] as? [String: [String]])
            #expect(headers["host"] == ["127.0.0.1:\(server.port)"])
            #expect(headers["beagle-platform"] == ["IOS"])
            #expect(headers["x-trace"] == ["1", "2"])
            #expect(entry["body"] as? String == #"{"item":1}"#)
            #expect(entry["bodyEncoding"] as? String == "utf8")
            #expect(entry["bodyTruncated"] as? Bool == false)
            #expect(entry["bodySize"] as? Int == 10)
            #expect(entry["status"] as? Int == 200)
            #expect(entry["bytes"] as? Int == response.body.count)
            #expect(entry["outcome"] as? String == "ok")
            #expect(entry["fault"] is NSNull)
            #expect(entry["latencyMs"] as? Double == 0)
            #expect((entry["durationMs"] as? Double).map { $0 >= 0 } == true)
            let time = try #require(entry["time"] as? String)
            #expect(time.hasSuffix("Z"))
            #expect(try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(time) <= Date())
        }
    }

    @Test func largeBodiesAreCutAt64KiBAndBinaryOnesAreBase64() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            let large = Array(String(repeating: "abcdefgh", count: 12_800).utf8)  // 100 KiB
            _ = try await client.request("POST", "/cart", body: large)
            let binary: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0xFE]
            _ = try await client.request("POST", "/cart", body: binary)
            let entries = try await Self.entries(client)
            let cut = try #require(entries.last)
            #expect(cut["bodyTruncated"] as? Bool == true)
            #expect(cut["bodySize"] as? Int == 102_400)
            #expect((cut["body"] as? String)?.utf8.count == 65_536)
            #expect(cut["bodyEncoding"] as? String == "utf8")
            let encoded = try #require(entries.first)
            #expect(encoded["bodyEncoding"] as? String == "base64")
            #expect((encoded["body"] as? String).flatMap { Data(base64Encoded: $0) } == Data(binary))
        }
    }

    @Test(arguments: [
        ("reset", nil as Int?, "reset"), ("empty-response", nil, "closed"), ("garbage", nil, "closed"),
        ("truncate", 200, "closed"),
        ("reset-mid-body", 200, "reset"), ("status:503", 503, "ok"),
    ])
    func faultsAreJournalledWithTheirOutcome(fault: String, status: Int?, outcome: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send(
                "GET /home HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: \(fault)\r\nX-Mock-Latency: 20ms\r\nConnection: close\r\n\r\n")
            _ = await connection.readToEnd(timeout: .seconds(10))
            await connection.close()
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            let entry = try await Self.waitForEntry(server, client) { $0["outcome"] is String }
            #expect(entry["fault"] as? String == fault)
            #expect(entry["status"] as? Int == status)
            if status == nil { #expect(entry["status"] is NSNull) }
            #expect(entry["outcome"] as? String == outcome)
            #expect(entry["latencyMs"] as? Double == 20)
        }
    }

    /// The journal's newest entry, as the admin API gives it, once it satisfies `condition`: read
    /// again after each change the journal tells of (in process), since it is written from another
    /// connection's task.
    static func waitForEntry(
        _ server: RunningMockServer, _ client: KeepAliveClient, _ condition: ([String: any Sendable]) -> Bool
    ) async throws -> [String: any Sendable] {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            // Followed before the read, so that no change slips between the two.
            let changes = server.server.journal.feed.follow()
            if let newest = try await entries(client).first, condition(newest) { return newest }
            guard ContinuousClock.now < deadline,
                await JournalFeed.first(of: changes, within: deadline - .now, where: { _ in true }) != nil
            else { throw KeepAliveClientError(message: "the journal never showed it") }
        }
    }

    @Test func aHangingRequestIsVisibleWhileItHangs() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let hanging = try await RawConnection.connect(port: server.port)
            try await hanging.send("GET /home?waiting=1 HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: hang\r\n\r\n")
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            let inFlight = try await Self.waitForEntry(server, client) { $0["query"] as? String == "waiting=1" }
            #expect(inFlight["outcome"] is NSNull)
            #expect(inFlight["status"] is NSNull)
            #expect(inFlight["durationMs"] is NSNull)
            #expect(inFlight["fault"] as? String == "hang")
            await hanging.close()
            let ended = try await Self.waitForEntry(server, client) { $0["outcome"] is String }
            #expect(ended["outcome"] as? String == "client-gone")
            #expect(ended["status"] is NSNull)
        }
    }

    @Test func aHangThatReachesHangMaxSaysSo() async throws {
        try await withMockServer(files: Self.files, configure: { $0.flags.hangMax = .milliseconds(200) }) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("GET /home HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: hang\r\n\r\n")
            #expect(await connection.readToEnd(timeout: .seconds(10)).ending == .closed)
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            let entry = try await Self.waitForEntry(server, client) { $0["outcome"] is String }
            #expect(entry["outcome"] as? String == "hang-expired")
        }
    }

    @Test func adminAndPreflightAreNotJournalledButRefusalsAndEchoAre() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            _ = try await client.request("GET", "/__admin/health")
            _ = try await client.request("GET", "/__admin/settings")
            _ = try await client.request(
                "OPTIONS", "/home", headers: [("Origin", "http://app.test"), ("Access-Control-Request-Method", "GET")])
            _ = try await client.request("GET", "/__echo/form")
            _ = try await client.request("GET", "/%2e%2e/secret")
            _ = try await client.request("GET", "/home", headers: [("X-Mock-Latency", "soon")])
            let entries = try await Self.entries(client)
            #expect(entries.map { $0["path"] as? String } == ["/home", "/%2e%2e/secret", "/__echo/form"])
            #expect(entries.map { $0["status"] as? Int } == [400, 400, 200])
        }
    }

    @Test func jsonLogLinesPointAtTheirJournalEntry() async throws {
        let folder = try TemporaryScreens(Self.files)
        defer { folder.remove() }
        let command = try await CommandRunner.start(["serve", folder.screens, "--port", "0", "--log-format", "json"])
        #expect(await command.waitForOutput(containing: "Press Ctrl+C"))
        let port = try #require(CommandLineTests.port(in: command.output))
        _ = try await HTTPProbe.request(port: port, target: "/home")
        _ = try await HTTPProbe.request(port: port, target: "/__admin/health")
        #expect(await command.waitForOutput(containing: "/__admin/health"))
        command.signal(SIGTERM)
        let lines = await command.finish().output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.first { $0["path"] as? String == "/home" }?["journalId"] as? Int == 1)
        let admin = try #require(lines.first { $0["path"] as? String == "/__admin/health" })
        #expect(admin["journalId"] == nil)
    }

    @Test func limitPathAndOneEntryById() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            for path in ["/home", "/catalog/1", "/catalog/2", "/home.json"] { _ = try await client.request("GET", path) }
            #expect(try await Self.entries(client, query: "?limit=2").map { $0["id"] as? Int } == [4, 3])
            #expect(try await Self.entries(client, query: "?path=/catalog/**").map { $0["id"] as? Int } == [3, 2])
            #expect(try await Self.entries(client, query: "?path=/home&limit=1").map { $0["id"] as? Int } == [4])
            #expect(try await Self.entries(client, query: "?limit=99999999999999999999").count == 4)
            for query in ["?limit=0", "?limit=-1", "?limit=ten", "?limit=", "?path=home", "?path=/a//b", "?path=/a/**b"] {
                let (status, error) = try await client.json("GET", "/__admin/requests\(query)")
                #expect(status == 400, "\(query)")
                #expect(error["queryParameter"] as? String == (query.hasPrefix("?limit") ? "limit" : "path"))
            }
            let (status, one) = try await client.json("GET", "/__admin/requests/2")
            #expect(status == 200)
            #expect(one["path"] as? String == "/catalog/1")
            #expect(try await client.request("GET", "/__admin/requests/99").status == 404)
            #expect(try await client.request("GET", "/__admin/requests/two").status == 400)

            let (cleared, count) = try await client.json("DELETE", "/__admin/requests")
            #expect(cleared == 200)
            #expect(count["cleared"] as? Int == 4)
            #expect(try await Self.entries(client).isEmpty)
            _ = try await client.request("GET", "/home")
            #expect(try await Self.entries(client).map { $0["id"] as? Int } == [5])
        }
    }

    @Test func concurrentWritersLoseNothingAndNeverCollide() async {
        let journal = RequestJournal(capacity: 20_000)
        let ids = await withTaskGroup(of: Int.self, returning: [Int].self) { group in
            for index in 0..<10_000 {
                group.addTask {
                    let id = journal.begin(Self.entry("/r\(index)"))
                    journal.complete(id, status: 200, bytes: Int64(index), duration: .zero, outcome: .ok)
                    return id
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(ids) == Set(1...10_000))
        let entries = journal.read().entries
        #expect(entries.map(\.id) == Array((1...10_000).reversed()))
        // Each completion reached its own entry.
        #expect(entries.allSatisfy { $0.path == "/r\($0.bytes)" && $0.status == 200 })
    }

    /// Load on a live server, one at a time: two floods at once would only measure the machine.
    @Suite(.serialized) struct UnderLoad {
        /// `count` requests to `/__echo/<n>` from `connections` keep-alive clients at once. Opening
        /// a connection per request would measure connection set-up, and load the machine enough
        /// to slow the timing tests that run beside this suite; the journal's writers are just as
        /// concurrent either way.
        static func flood(port: Int, count: Int, connections: Int = 200) async throws {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for connection in 0..<connections {
                    group.addTask {
                        let client = try await KeepAliveClient.connect(port: port)
                        for index in stride(from: connection, to: count, by: connections) {
                            let response = try await client.request("GET", "/__echo/\(index)")
                            #expect(response.status == 200)
                        }
                        await client.close()
                    }
                }
                try await group.waitForAll()
            }
        }

        @Test func concurrentRequestsLoseNoEntry() async throws {
            try await withMockServer(files: RequestJournalTests.files, configure: { $0.flags.journalSize = 5_000 }) { server, _ in
                try await Self.flood(port: server.port, count: 2_000)
                let client = try await KeepAliveClient.connect(port: server.port)
                defer { Task { await client.close() } }
                let entries = try await RequestJournalTests.entries(client)
                #expect(entries.count == 2_000)
                #expect(Set(entries.compactMap { $0["id"] as? Int }) == Set(1...2_000))
                #expect(Set(entries.compactMap { $0["path"] as? String }) == Set((0..<2_000).map { "/__echo/\($0)" }))
                #expect(entries.allSatisfy { $0["outcome"] as? String == "ok" })
            }
        }

        @Test func aSmallRingKeepsExactlyTheNewestUnderLoad() async throws {
            try await withMockServer(files: RequestJournalTests.files, configure: { $0.flags.journalSize = 100 }) { server, _ in
                try await Self.flood(port: server.port, count: 2_000)
                let client = try await KeepAliveClient.connect(port: server.port)
                defer { Task { await client.close() } }
                let (_, page) = try await client.json("GET", "/__admin/requests")
                let ids = (page["requests"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } ?? []
                #expect(ids == Array((1_901...2_000).reversed()))
                #expect(page["capacity"] as? Int == 100)
                #expect(page["dropped"] as? Int == 1_900)
            }
        }
    }

    @Test func journalSizeComesFromTheFlagThenTheConfigAndFollowsReloads() async throws {
        try await withMockServer(files: ["screens/beagle-mock.yml": "journalSize: 3\n"]) { server, folder in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            #expect(try await client.json("GET", "/__admin/requests").object["capacity"] as? Int == 3)
            try folder.write("screens/beagle-mock.yml", "journalSize: 7\n")
            // Read now rather than at the next poll (the polling has its own tests, ConfigReloaderTests);
            // unchanged when the poll came first.
            #expect([.reloaded, .unchanged].contains(server.server.reloadConfiguration()))
            #expect(try await client.json("GET", "/__admin/requests").object["capacity"] as? Int == 7)
        }
        try await withMockServer(
            files: ["screens/beagle-mock.yml": "journalSize: 3\n"], configure: { $0.flags.journalSize = 5 }
        ) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/requests"))
            #expect(try response.jsonObject()["capacity"] as? Int == 5)
        }
    }
}
