import Foundation
import MockTestSupport
import NIOCore
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// The journal as HAR 1.2 (Docs/Sessions.md, "HAR out of the journal"): what each entry says of
/// the request, the response and what the mock did, the filters and pages of `GET /__admin/har`,
/// and bodies the journal cuts.
@Suite struct HARExportTests {
    static let home =
        #"{"_beagleComponent_": "beagle:screenComponent", "child": {"_beagleComponent_": "beagle:text", "text": "home"}}"#
    static let iosHome =
        #"{"_beagleComponent_": "beagle:screenComponent", "child": {"_beagleComponent_": "beagle:text", "text": "iOS"}}"#
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0xFE]

    static func withServer(_ body: (RunningMockServer) async throws -> Void) async throws {
        try await withMockServer(files: [
            "screens/home.json": home, "screens/home.ios.json": iosHome,
            "screens/big.json": #"{"text": ""# + String(repeating: "é", count: 40_000) + #""}"#,
        ]) { server, folder in
            try folder.write("screens/logo.png", Data(png))
            try await body(server)
        }
    }

    static func send(
        _ server: RunningMockServer, _ target: String, method: String = "GET", headers: [(String, String)] = [],
        body: String = ""
    ) async throws -> RawHTTPResponse {
        try #require(
            try await HTTPProbe.request(
                port: server.port, method: method, target: target, headers: headers, body: Array(body.utf8)))
    }

    /// The archive, once every request in the journal has been answered (a client reads its
    /// response a moment before the journal notes how it ended).
    static func har(_ server: RunningMockServer, _ query: String = "") async throws -> (RawHTTPResponse, HAR.File?) {
        let journal = server.server.operations.journal
        let completions = journal.feed.follow()
        while journal.read().entries.contains(where: { $0.outcome == nil }) {
            guard await JournalFeed.first(of: completions, within: .seconds(10), where: { $0.outcome != nil }) != nil else {
                break
            }
        }
        let answer = try await send(server, "/__admin/har" + query)
        return (answer, try? JSONDecoder().decode(HAR.File.self, from: Data(answer.body)))
    }

    @Test func eachEntrySaysWhatWasSentWhatCameBackAndWhatTheMockDid() async throws {
        try await Self.withServer { server in
            _ = try await Self.send(server, "/home?tab=new%20in", headers: [("beagle-platform", "IOS")])
            _ = try await Self.send(
                server, "/__echo/order", method: "POST", headers: [("Content-Type", "application/json")], body: #"{"qty":2}"#)
            _ = try await Self.send(server, "/logo.png")
            _ = try await Self.send(server, "/home", headers: [("X-Mock-Fault", "status:503"), ("X-Mock-Latency", "30ms")])
            let resetting = try await RawConnection.connect(port: server.port)
            try await resetting.send("GET /home HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: reset\r\n\r\n")
            #expect(await resetting.readToEnd().ending == .reset)
            let (answer, decoded) = try await Self.har(server)
            #expect(answer.status == 200)
            #expect(answer.headers.contains { $0.name == "Content-Disposition" && $0.value.contains(".har") })
            let har = try #require(decoded)
            #expect(har.log.version == "1.2")
            #expect(har.log.creator.name == "beagle-mock")
            let entries = har.log.entries
            try #require(entries.count == 5)

            let ios = entries[0]
            #expect(ios.request.url == "http://127.0.0.1:\(server.port)/home?tab=new%20in")
            #expect(ios.request.queryString == [HAR.NameValue(name: "tab", value: "new in")])
            #expect(ios.request.headers.contains(HAR.NameValue(name: "beagle-platform", value: "IOS")))
            #expect(ios.response.status == 200)
            #expect(ios.response.statusText == "OK")
            #expect(ios.response.content.text == Self.iosHome)
            #expect(ios.response.content.size == Self.iosHome.utf8.count)
            #expect(ios.response.content.mimeType.hasPrefix("application/json"))
            #expect(ios.response.headers.contains { $0.name == "ETag" })
            #expect(ios.response.headers.contains(HAR.NameValue(name: "Content-Length", value: String(Self.iosHome.utf8.count))))
            #expect(ios.mock?.id == 1)
            #expect(ios.mock?.outcome == "ok")

            let post = entries[1]
            #expect(post.request.method == "POST")
            #expect(post.request.postData?.text == #"{"qty":2}"#)
            #expect(post.request.postData?.mimeType == "application/json")
            #expect(post.request.bodySize == 9)

            let image = entries[2]
            #expect(image.response.content.encoding == "base64")
            #expect(image.response.content.text.flatMap { Data(base64Encoded: $0) } == Data(Self.png))

            let failed = entries[3]
            #expect(failed.response.status == 503)
            #expect(failed.mock?.fault == "status:503")
            #expect(failed.timings.injectedLatency == 30)
            #expect(failed.timings.wait >= 30, "the wait holds the injected latency")
            #expect(abs(failed.time - (failed.timings.send + failed.timings.wait + failed.timings.receive)) < 0.0015)

            let reset = entries[4]
            #expect(reset.response.status == 0)
            #expect(reset.response.bodySize == -1)
            #expect(reset.mock?.fault == "reset")
            #expect(reset.response.comment == "no response: the exchange ended reset")
        }
    }

    @Test func aBodyLongerThanTheJournalKeepsIsMarkedCutWithItsWholeSize() async throws {
        try await Self.withServer { server in
            let big = try await Self.send(server, "/big.json")
            let (_, decoded) = try await Self.har(server)
            let content = try #require(decoded?.log.entries.first?.response.content)
            #expect(content.size == big.body.count)
            #expect(content.cut == true)
            let kept = try #require(content.text)
            #expect(kept.utf8.count <= RequestJournal.bodyLimit)
            #expect(big.text.hasPrefix(kept), "the start of the body, cut between characters")
            #expect(content.comment?.contains("of \(big.body.count) bytes") == true)
        }
    }

    @Test func filtersAndPagesChooseTheEntries() async throws {
        try await Self.withServer { server in
            for platform in ["IOS", "ANDROID", "IOS"] {
                _ = try await Self.send(server, "/home", headers: [("beagle-platform", platform)])
            }
            _ = try await Self.send(server, "/__echo", method: "POST", body: "x")
            _ = try await Self.send(server, "/nothing-here")

            let ios = try #require(try await Self.har(server, "?platform=ios").1)
            #expect(ios.log.entries.map { $0.mock?.id } == [1, 3])
            #expect(try #require(try await Self.har(server, "?method=post").1).log.entries.map { $0.mock?.id } == [4])
            #expect(try #require(try await Self.har(server, "?status=404").1).log.entries.map { $0.mock?.id } == [5])
            #expect(try #require(try await Self.har(server, "?path=/home").1).log.entries.count == 3)

            // The newest two, oldest first; then the page before them.
            let newest = try #require(try await Self.har(server, "?limit=2").1)
            #expect(newest.log.entries.map { $0.mock?.id } == [4, 5])
            let earlier = try #require(try await Self.har(server, "?limit=2&before=4").1)
            #expect(earlier.log.entries.map { $0.mock?.id } == [2, 3])

            let future = try #require(try await Self.har(server, "?from=2999-01-01T00:00:00Z").1)
            #expect(future.log.entries.isEmpty)
            let past = try #require(try await Self.har(server, "?to=2999-01-01T00:00:00.000Z").1)
            #expect(past.log.entries.count == 5)
        }
    }

    @Test(arguments: [
        ("?from=yesterday", "from must be an ISO 8601 time"),
        ("?status=99", "status must be an HTTP status from 100 to 599"),
        ("?status=five", "status must be a whole number"),
        ("?before=-1", "before must be a whole number"),
        ("?limit=0", "limit must be a whole number of at least 1"),
        ("?path=checkout", "path must be a route pattern"),
        ("?platform=", "platform must name a platform"),
        ("?method=", "method must name a method"),
    ])
    func badFiltersAreRefusedByName(query: String, message: String) async throws {
        try await Self.withServer { server in
            let (answer, _) = try await Self.har(server, query)
            #expect(answer.status == 400)
            #expect(answer.text.contains(message), "\(answer.text)")
        }
    }

    @Test func theArchiveReadsBackAsItWasWritten() async throws {
        try await Self.withServer { server in
            _ = try await Self.send(server, "/home")
            _ = try await Self.send(server, "/__echo/a%20b?q=%01", method: "POST", body: "line\n\t\"quoted\" \\ é 😀")
            _ = try await Self.har(server)  // every exchange noted
            let export = try server.server.operations.har()
            let written = try JSONDecoder().decode(HAR.File.self, from: export.data())
            // The writer's text reads back as the model it was written from.
            let model = HAR.File(log: HAR.Log(creator: HARExport.creator, entries: export.entries.map(HAR.Entry.init)))
            #expect(written == model)
            var pieces: [Data] = []
            let sent = try await export.write(pieceSize: 1) { pieces.append(Data($0.readableBytesView)) }
            #expect(pieces.count == export.count + 1, "a piece an entry, and the end")
            #expect(pieces.reduce(Data(), +) == export.data())
            #expect(sent == Int64(export.data().count))
        }
    }
}
