import Foundation
import HTTPTypes
import HummingbirdCore
import MockTestSupport
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// Request framing a hostile client gets wrong on purpose: a body that trickles in, a declared
/// length above the limit, a missing or doubled `Host`, `Transfer-Encoding` on HTTP/1.0. Each is
/// answered at once with a JSON error and the connection closed (Docs/ScreensFolder.md).
@Suite struct RequestFramingTests {
    static let files = ["screens/home.json": #"{"home":true}"#, "screens/cart.post.json": #"{"ok":true}"#]

    /// Far beyond what any refusal here needs, even on a loaded machine; a refusal that waits for
    /// the client (which sends nothing more) never comes at all, so it runs into this bound.
    static let bound: Duration = .seconds(20)

    /// Sends `text` on a fresh connection and returns the response, how the connection ended and
    /// how long the answer took.
    static func exchange(_ text: String, port: Int) async throws -> (
        response: RawHTTPResponse?, ending: RawConnection.Ending, took: Duration
    ) {
        let connection = try await RawConnection.connect(port: port)
        let clock = ContinuousClock()
        let start = clock.now
        try await connection.send(text)
        let response = await connection.readResponse(timeout: bound)
        let took = clock.now - start
        // Whatever follows the response: the server is expected to close, so this ends early.
        let (rest, ending) = await connection.readToEnd(timeout: bound)
        #expect(rest.isEmpty, "bytes after the refusal: \(String(decoding: rest, as: UTF8.self))")
        await connection.close()
        return (response, ending, took)
    }

    /// The shape every refusal here has: the status, a JSON error, `Connection: close` and a
    /// closed connection, all while the client still owes bytes it will never send.
    static func expectRefusal(
        _ exchange: (response: RawHTTPResponse?, ending: RawConnection.Ending, took: Duration), status: Int,
        mentioning word: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let response = try #require(exchange.response, "no response", sourceLocation: sourceLocation)
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(response.header("Connection")?.lowercased() == "close", sourceLocation: sourceLocation)
        #expect(response.header("Content-Type")?.hasPrefix("application/json") == true, sourceLocation: sourceLocation)
        let error = try #require(try response.jsonObject()["error"] as? String, sourceLocation: sourceLocation)
        #expect(error.contains(word), "error: \(error)", sourceLocation: sourceLocation)
        #expect(exchange.ending == .closed, sourceLocation: sourceLocation)
    }

    static func expectStillServing(_ port: Int) async throws {
        let response = try #require(try await HTTPProbe.request(port: port, target: "/home"))
        #expect(response.status == 200)
    }

    // MARK: Body deadline

    @Test func aBodyThatTricklesInGets408AtTheBodyTimeout() async throws {
        try await withMockServer(files: Self.files, configure: { $0.bodyTimeout = .milliseconds(300) }) { server, _ in
            let exchange = try await Self.exchange(
                "POST /cart HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc", port: server.port)
            try Self.expectRefusal(exchange, status: 408, mentioning: "body")
            #expect(exchange.took >= .milliseconds(250), "answered before the deadline: \(exchange.took)")
            let entry = try #require(server.server.journal.read().entries.first)
            #expect(entry.path == "/cart")
            #expect(entry.status == 408)
            try await Self.expectStillServing(server.port)
        }
    }

    @Test func aChunkedBodyThatNeverEndsGets408() async throws {
        try await withMockServer(files: Self.files, configure: { $0.bodyTimeout = .milliseconds(300) }) { server, _ in
            let exchange = try await Self.exchange(
                "POST /cart HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n", port: server.port)
            try Self.expectRefusal(exchange, status: 408, mentioning: "body")
        }
    }

    /// A body that never ends, behind a slow request: the slow one is still answered, then the
    /// late body gets its 408, its deadline counted from when its own request started.
    // MARK: On the loop's clock

    /// A responder that reads the body and notes it (or that it ran out of time), then answers.
    static func bodyReader(_ seen: Sightings<String>) -> HTTPConnectionHandler.Responder {
        { request, client in
            do {
                var body = ""
                for try await piece in request.body { body += String(buffer: piece) }
                seen.note("read \(body)")
            } catch is BodyDeadline.Expired {
                seen.note("expired")
            }
            try await client.write(.whole(HTTPResponse(status: .ok, headerFields: [.contentLength: "0"]), body: nil))
        }
    }

    static func post(length: Int) -> HTTPRequestPart {
        .head(
            HTTPRequest(method: .post, scheme: nil, authority: "x", path: "/cart", headerFields: [.contentLength: String(length)])
        )
    }

    @Test func aBodyThatEndsJustBeforeItsDeadlineIsReadWhole() async throws {
        let seen = Sightings<String>()
        let connection = try await LoopConnection.start(bodyTimeout: .seconds(30), responder: Self.bodyReader(seen))
        try await connection.channel.writeInbound(Self.post(length: 4))
        try await connection.channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "ab")))
        await connection.loop.advanceTime(by: .milliseconds(29_999))
        try await connection.channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "cd")))
        try await connection.channel.writeInbound(HTTPRequestPart.end(nil))
        #expect(await seen.next() == "read abcd")
        await connection.loop.advanceTime(by: .seconds(60))
        #expect(connection.channel.isActive, "the deadline belonged to the body: the connection stays")
        try await connection.channel.close()
    }

    @Test func aBodyPastItsDeadlineFailsItsReaderAndTheConnectionClosesAfterTheAnswer() async throws {
        let seen = Sightings<String>()
        let connection = try await LoopConnection.start(bodyTimeout: .seconds(30), responder: Self.bodyReader(seen))
        try await connection.channel.writeInbound(Self.post(length: 4))
        try await connection.channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "ab")))
        await connection.loop.advanceTime(by: .seconds(30))
        #expect(await seen.next() == "expired")
        guard case .whole = try await connection.nextPart() else {
            Issue.record("no answer before the close")
            return
        }
        try await connection.closed()
    }

    /// The deadline of a body pipelined behind a slow request starts with its request: here the
    /// first answer takes 5 s on the loop's clock, and the body, 30 s late from its head, is not.
    @Test func aPipelinedBodysDeadlineStartsWithItsRequest() async throws {
        let seen = Sightings<String>()
        let reader = Self.bodyReader(seen)
        let connection = try await LoopConnection.start(bodyTimeout: .seconds(30)) { request, client in
            guard request.head.method == .get else { return try await reader(request, client) }
            _ = try await LatencyWait.wait(until: .uptimeNanoseconds(0) + .seconds(5), connection: client)
            seen.note("answered \(request.head.path ?? "")")
            try await client.write(.whole(HTTPResponse(status: .ok, headerFields: [.contentLength: "0"]), body: nil))
        }
        try await connection.channel.writeInbound(
            HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "x", path: "/slow")))
        try await connection.channel.writeInbound(HTTPRequestPart.end(nil))
        try await connection.channel.writeInbound(Self.post(length: 2))
        await connection.loop.advanceTime(by: .seconds(5))
        #expect(await seen.next() == "answered /slow")
        await connection.loop.advanceTime(by: .milliseconds(29_999))
        try await connection.channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "{}")))
        try await connection.channel.writeInbound(HTTPRequestPart.end(nil))
        #expect(await seen.next() == "read {}")
        try await connection.channel.close()
    }

    /// A request the framing refuses (no `Host`) is answered after the answer owed to the one
    /// before it, which takes 5 s on the loop's clock; then the connection closes.
    @Test func aFramingRefusalWaitsForTheAnswerOwed() async throws {
        let connection = try await LoopConnection.start(wire: true) { _, client in
            _ = try await LatencyWait.wait(until: .uptimeNanoseconds(0) + .seconds(5), connection: client)
            try await client.write(
                .whole(HTTPResponse(status: .ok, headerFields: [.contentLength: "2"]), body: ByteBuffer(string: "ok")))
        }
        try await connection.channel.writeInbound(ByteBuffer(string: "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\n\r\n"))
        await connection.loop.advanceTime(by: .milliseconds(4_999))
        #expect(try await connection.channel.readOutbound(as: ByteBuffer.self) == nil, "nothing before the answer owed")
        await connection.loop.advanceTime(by: .milliseconds(1))
        let answer = try await connection.nextBytes()
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n") && answer.hasSuffix("\r\n\r\nok"))
        let refusal = try await connection.nextBytes()
        #expect(refusal.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(refusal.contains("Connection: close\r\n"))
        #expect(refusal.contains(#""path":"/b""#) && refusal.contains("Host"))
        try await connection.closed()
    }

    @Test func anHTTP10RequestWithoutKeepAliveGetsTheConnectionsLastAnswer() async throws {
        let connection = try await LoopConnection.start(wire: true) { _, client in
            try await client.write(
                .whole(HTTPResponse(status: .ok, headerFields: [.contentLength: "2"]), body: ByteBuffer(string: "ok")))
        }
        try await connection.channel.writeInbound(ByteBuffer(string: "GET /a HTTP/1.0\r\n\r\n"))
        let answer = try await connection.nextBytes()
        #expect(answer.hasPrefix("HTTP/1.0 200 OK\r\n") || answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(answer.lowercased().contains("connection: close\r\n"))
        try await connection.closed()
    }

    /// A request answered without reading its body (a bad path: 400 at once) leaves the rest of
    /// the body its deadline: a client that trickles it does not hold the connection.
    @Test func aBodyLeftUnreadStillHasItsDeadline() async throws {
        try await withMockServer(files: Self.files, configure: { $0.bodyTimeout = .milliseconds(300) }) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("POST /%zz HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nab")
            let refusal = await connection.readResponse(timeout: Self.bound)
            #expect(refusal?.status == 400)
            let (_, ending) = await connection.readToEnd(timeout: Self.bound)
            #expect(ending == .closed)
            await connection.close()
        }
    }

    @Test func aBodyThatArrivesInTimeIsAnswered() async throws {
        try await withMockServer(files: Self.files, configure: { $0.bodyTimeout = .milliseconds(300) }) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("POST /cart HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
            #expect(await connection.readResponse(timeout: Self.bound)?.status == 200)
            // The connection stays usable after it (past the deadline too: on the loop's clock,
            // aBodyThatEndsJustBeforeItsDeadlineIsReadWhole).
            try await connection.send("GET /home HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(await connection.readResponse(timeout: Self.bound)?.status == 200)
            await connection.close()
        }
    }

    // MARK: Declared length

    /// The newest journal entry once its answer is recorded, or nil after ``bound``.
    static func answeredEntry(of server: RunningMockServer) async -> JournalEntry? {
        let journal = server.server.journal
        let arrivals = journal.feed.follow()
        if let entry = journal.read().entries.first, entry.status != nil { return entry }
        return await JournalFeed.first(of: arrivals, within: bound) { $0.status != nil }
    }

    @Test func aDeclaredLengthAboveTheLimitGets413WithoutWaiting() async throws {
        try await withMockServer(files: Self.files, configure: { $0.maxRequestBodySize = 1024 }) { server, _ in
            let exchange = try await Self.exchange(
                "POST /cart HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\nabc", port: server.port)
            try Self.expectRefusal(exchange, status: 413, mentioning: "larger than 1024")
            // The answer leaves before the journal records its end: await that, bounded.
            let entry = try #require(await Self.answeredEntry(of: server))
            #expect(entry.status == 413)
            try await Self.expectStillServing(server.port)
        }
    }

    @Test func anAdminBodyDeclaredAboveItsLimitGets413WithoutWaiting() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let exchange = try await Self.exchange(
                "PUT /__admin/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000000\r\n\r\n{", port: server.port)
            try Self.expectRefusal(exchange, status: 413, mentioning: "larger than")
        }
    }

    // MARK: Host and Transfer-Encoding

    @Test(arguments: [
        ("GET /home HTTP/1.1\r\n\r\n", "none"),
        ("GET /home HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "2"),
        ("POST /cart HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}", "none"),
        ("GET http://x/home HTTP/1.1\r\n\r\n", "none"),
    ])
    func http11WithoutExactlyOneHostGets400(request: String, count: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let exchange = try await Self.exchange(request, port: server.port)
            try Self.expectRefusal(exchange, status: 400, mentioning: "Host")
            let error = try exchange.response?.jsonObject()["error"] as? String
            #expect(error?.contains("has \(count)") == true, "error: \(error ?? "none")")
            try await Self.expectStillServing(server.port)
        }
    }

    /// An HTTP/1.0 request without `Connection: keep-alive` gets one answer, which says
    /// `Connection: close`, and the connection ends after it (RFC 9112 §9.3): HTTP/1.0 clients
    /// wait for that close.
    @Test func http10WithoutHostIsServedAndTheConnectionEndsAfterTheAnswer() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("GET /home HTTP/1.0\r\n\r\n")
            let response = try #require(await connection.readResponse(timeout: Self.bound))
            #expect(response.status == 200)
            #expect(response.text == #"{"home":true}"#)
            #expect(response.header("Connection") == "close")
            let (rest, ending) = await connection.readToEnd(timeout: Self.bound)
            #expect(rest.isEmpty)
            #expect(ending == .closed)
            await connection.close()
        }
    }

    /// With `Connection: keep-alive`, an HTTP/1.0 client keeps its connection for the next request.
    @Test func http10WithKeepAliveKeepsTheConnection() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            for _ in 0..<2 {
                try await connection.send("GET /home HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let response = try #require(await connection.readResponse(timeout: Self.bound))
                #expect(response.status == 200)
                #expect(response.header("Connection") == nil)
            }
            #expect(connection.ending == .open)
            await connection.close()
        }
    }

    @Test(arguments: [
        "POST /cart HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
        "POST /cart HTTP/1.0\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
    ])
    func transferEncodingOnHTTP10Gets400(request: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let exchange = try await Self.exchange(request, port: server.port)
            try Self.expectRefusal(exchange, status: 400, mentioning: "Transfer-Encoding")
            try await Self.expectStillServing(server.port)
        }
    }

    @Test func aPipelinedRequestWithoutHostIsRefusedAfterTheOnesBeforeIt() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send(
                "GET /home HTTP/1.1\r\nHost: x\r\nX-Mock-Latency: 200ms\r\n\r\nGET /home HTTP/1.1\r\n\r\n")
            let first = try #require(await connection.readResponse(timeout: Self.bound))
            #expect(first.status == 200)
            let second = try #require(await connection.readResponse(timeout: Self.bound))
            #expect(second.status == 400)
            #expect(await connection.readToEnd(timeout: Self.bound).ending == .closed)
            await connection.close()
        }
    }

    // MARK: Host's grammar

    @Test(arguments: [
        "localhost:PORT.attacker.example", "[::1].attacker.example", "127.0.0.1:80@attacker.example", "127.0.0.1:99999",
        "127.0.0.1:0", "127.0.0.1:", "local host", "[::1", "[zz::1]", "a:b:c", "user@localhost", "localhost/admin",
        "", ":8080",
    ])
    func aMalformedHostGets400OnEveryPath(host: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let named = host.replacingOccurrences(of: "PORT", with: String(server.port))
            for path in ["/home", "/__admin/health", "/__admin/requests", "/nowhere"] {
                let exchange = try await Self.exchange("GET \(path) HTTP/1.1\r\nHost: \(named)\r\n\r\n", port: server.port)
                try Self.expectRefusal(exchange, status: 400, mentioning: "Host")
            }
            try await Self.expectStillServing(server.port)
        }
    }

    @Test(arguments: [
        "localhost", "localhost:8080", "127.0.0.1:1", "[::1]", "[::1]:65535", "example.com", "app.localhost:443",
        "[2001:db8::1]:80", "[::ffff:127.0.0.1]", "my_host.local",
    ])
    func aWellFormedHostIsServed(host: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("GET /home HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            let response = try #require(await connection.readResponse(timeout: Self.bound))
            await connection.close()
            #expect(response.status == 200, "\(host): \(response.text)")
        }
    }

    @Test func hostFieldsAreCheckedByTheirGrammar() {
        for good in ["a", "a.b-c_d~e", "%41b", "10.0.2.2:8080", "[::]", "[1:2:3:4:5:6:7:8]", "[1::2:3]", "[::1.2.3.4]"] {
            #expect(HostField.problem(good) == nil, "\(good)")
        }
        for bad in [
            "%4", "%zz", "a b", "a\u{1}", "[1:2:3:4:5:6:7:8:9]", "[1::2::3]", "[::1]x", "[::1]:", "h:65536", "h:123456", "",
            ":80",
        ] {
            #expect(HostField.problem(bad) != nil, "\(bad)")
        }
    }

    // MARK: Bytes the decoder refuses

    @Test(arguments: ["gzip", "xchunked", "chunked, gzip, identity-not"])
    func anUnknownTransferCodingGets501(coding: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let exchange = try await Self.exchange(
                "POST /cart HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \(coding)\r\n\r\n2\r\n{}\r\n0\r\n\r\n", port: server.port)
            try Self.expectRefusal(exchange, status: 501, mentioning: "Transfer-Encoding")
            try await Self.expectStillServing(server.port)
        }
    }

    @Test(arguments: [
        // A chunk size too large for the decoder.
        ("POST /cart HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n", "chunk size"),
        // Chunk lines ended by a bare line feed.
        ("POST /cart HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\n{}\n0\n\n", "chunk"),
        // A field that framing owns, in the trailers.
        (
            "POST /cart HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\nContent-Length: 5\r\n\r\n",
            "trailers"
        ),
    ])
    func aMalformedChunkedBodyGets400(request: String, word: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let exchange = try await Self.exchange(request, port: server.port)
            try Self.expectRefusal(exchange, status: 400, mentioning: word)
            try await Self.expectStillServing(server.port)
        }
    }

    @Test func aHeaderSectionOverTheLimitGets431ThatTheClientCanRead() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            // A megabyte the server stops reading after its limit: the rest must not turn the close into a reset.
            let header = "X-Big: " + String(repeating: "a", count: 1 << 20)
            let exchange = try await Self.exchange("GET /home HTTP/1.1\r\nHost: x\r\n\(header)\r\n\r\n", port: server.port)
            try Self.expectRefusal(exchange, status: 431, mentioning: "header section")
            try await Self.expectStillServing(server.port)
        }
    }

    @Test func aRequestLineWithoutAVersionIsClosedAtOnce() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            for line in ["GET /home\r\n", "GET /home\n"] {
                let exchange = try await Self.exchange(line, port: server.port)
                #expect(exchange.response == nil)
                #expect(exchange.ending == .closed)
                // The idle timeout is 75 s: a close well before it is the line's own.
                #expect(exchange.took < .seconds(45), "\(exchange.took)")
            }
            // On a kept-alive connection, after a first request.
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("GET /home HTTP/1.1\r\nHost: x\r\n\r\nGET /home\r\n\r\n")
            #expect(try #require(await connection.readResponse(timeout: Self.bound)).status == 200)
            #expect(await connection.readToEnd(timeout: Self.bound).ending == .closed)
            await connection.close()
            try await Self.expectStillServing(server.port)
        }
    }

    // MARK: Absolute form and line endings

    /// RFC 9112 §3.2.2: an absolute-form target's authority is the host, checked as `Host` is;
    /// the admin API's audience is judged by it, whatever `Host` says.
    @Test func anAbsoluteFormTargetsAuthorityIsTheHost() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let foreign = try await Self.exchange(
                "PUT http://evil.example/__admin/settings HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}",
                port: server.port)
            let refused = try #require(foreign.response)
            #expect(refused.status == 403)
            #expect(refused.text.contains("evil.example"), "\(refused.text)")
            try Self.expectRefusal(
                try await Self.exchange(
                    "GET http://127.0.0.1:99999/home HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", port: server.port),
                status: 400, mentioning: "the request target's authority is the host")
            let own = try #require(
                try await HTTPProbe.request(port: server.port, target: "http://127.0.0.1:\(server.port)/__admin/requests"))
            #expect(own.status == 200)
        }
    }

    /// A request whose lines end with a bare LF is told so (400), not that its version is wrong.
    @Test func bareLineFeedsAreNamed() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            try Self.expectRefusal(
                try await Self.exchange("GET /home HTTP/1.1\nHost: x\n\n", port: server.port), status: 400,
                mentioning: "bare line feed")
            try await Self.expectStillServing(server.port)
        }
    }
}
