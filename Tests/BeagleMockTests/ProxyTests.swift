import Foundation
import Logging
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// The proxy in front of a live upstream (Docs/Proxy.md): what it forwards, what it sends back,
/// which requests go, and how it fails.
@Suite struct ProxyTests {
    static let home = #"{"_beagleComponent_":"beagle:text","text":"from the BFF"}"#

    /// The upstream's `/__echo` as its base path: every forwarded request comes back as JSON.
    static func echoed(_ response: RawHTTPResponse?) throws -> [String: Any] {
        let response = try #require(response)
        #expect(response.status == 200, "\(response.text)")
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test func aRequestIsForwardedWholeWithForwardingHeaders() async throws {
        try await withProxyPair(upstreamFiles: [:], basePath: "/__echo") { mock, upstream, _ in
            let body = Array(#"{"item":"1"}"#.utf8)
            let echo = try Self.echoed(
                try await HTTPProbe.request(
                    port: mock.port, method: "POST", target: "/cart/add?x=1&y=%20z",
                    headers: [
                        ("beagle-platform", "IOS"), ("Authorization", "Bearer t"), ("Connection", "keep-alive, X-Hop"),
                        ("X-Hop", "1"), ("Keep-Alive", "timeout=5"), ("Proxy-Authorization", "secret"), ("TE", "trailers"),
                        ("X-Forwarded-For", "10.0.0.1"),
                    ], body: body))
            #expect(echo["method"] as? String == "POST")
            #expect(echo["path"] as? String == "/__echo/cart/add")
            #expect(echo["query"] as? String == "x=1&y=%20z")
            #expect(echo["body"] as? String == #"{"item":"1"}"#)
            let headers = try #require(echo["headers"] as? [String: [String]])
            #expect(headers["host"] == ["127.0.0.1:\(upstream.port)"])
            #expect(headers["beagle-platform"] == ["IOS"])
            #expect(headers["authorization"] == ["Bearer t"])
            #expect(headers["x-forwarded-for"] == ["10.0.0.1, 127.0.0.1"])
            #expect(headers["x-forwarded-proto"] == ["http"])
            #expect(headers["x-forwarded-host"] == ["127.0.0.1:\(mock.port)"])
            #expect(headers["content-length"] == ["\(body.count)"])
            for hop in ["x-hop", "keep-alive", "proxy-authorization", "te"] { #expect(headers[hop] == nil, "\(hop)") }
        }
    }

    @Test func theUpstreamsAnswerComesBackWithoutItsHopByHopHeaders() async throws {
        let body = "{\"ok\":true}"
        let answer =
            "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: X-Private\r\nX-Private: 1\r\nKeep-Alive: timeout=5\r\nProxy-Thing: y\r\nX-Kept: yes\r\n\r\n\(body)"
        try await withCannedServer(.answer(Array(answer.utf8))) { upstream in
            try await withProxy(to: "http://127.0.0.1:\(upstream.port)") { mock, _ in
                let response = try #require(try await HTTPProbe.request(port: mock.port, target: "/orders"))
                #expect(response.status == 201)
                #expect(response.text == body)
                #expect(response.header("X-Kept") == "yes")
                #expect(response.header("Content-Type") == "application/json")
                for hop in ["X-Private", "Keep-Alive", "Proxy-Thing"] { #expect(response.header(hop) == nil, "\(hop)") }
                #expect(response.header("Connection") == nil)
            }
        }
    }

    @Test func aChunkedAnswerIsSentWithItsLength() async throws {
        let answer = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"
        try await withCannedServer(.answer(Array(answer.utf8))) { upstream in
            try await withProxy(to: "http://127.0.0.1:\(upstream.port)") { mock, _ in
                let response = try #require(try await HTTPProbe.request(port: mock.port, target: "/text"))
                #expect(response.status == 200)
                #expect(response.text == "hello world")
                #expect(response.header("Content-Length") == "11")
                #expect(response.header("Transfer-Encoding") == nil)
            }
        }
    }

    /// How long a test waits for a body of megabytes to come through the proxy: the whole suite
    /// shares two cores, and each piece of such a body is a hop between tasks.
    static let longBodyTimeout = Duration.seconds(60)

    /// A chunked upstream answer of `megabytes` MiB, a different byte value in each MiB.
    static func longChunkedAnswer(megabytes: Int) -> (answer: [UInt8], body: [UInt8]) {
        var answer = Array("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        var body: [UInt8] = []
        for index in 0..<megabytes {
            let chunk = [UInt8](repeating: UInt8(0x41 + index), count: 1 << 20)
            answer += Array("100000\r\n".utf8) + chunk + Array("\r\n".utf8)
            body += chunk
        }
        return (answer + Array("0\r\n\r\n".utf8), body)
    }

    @Test func aChunkedAnswerLongerThanTheReadAheadStreamsOnChunked() async throws {
        let (answer, body) = Self.longChunkedAnswer(megabytes: 9)
        try await withCannedServer(.answer(answer)) { upstream in
            try await withProxy(to: "http://127.0.0.1:\(upstream.port)") { mock, _ in
                let response = try #require(
                    try await HTTPProbe.request(port: mock.port, target: "/long.bin", timeout: Self.longBodyTimeout))
                #expect(response.status == 200)
                #expect(response.header("Transfer-Encoding") == "chunked")
                #expect(response.header("Content-Length") == nil)
                #expect(response.body.count == body.count)
                let same = response.body == body
                #expect(same, "the body differs")
            }
        }
    }

    @Test func anHTTP10ClientGetsALongChunkedAnswerEndedByTheClose() async throws {
        let (answer, body) = Self.longChunkedAnswer(megabytes: 9)
        try await withCannedServer(.answer(answer)) { upstream in
            try await withProxy(to: "http://127.0.0.1:\(upstream.port)") { mock, _ in
                let connection = try await RawConnection.connect(port: mock.port)
                try await connection.send("GET /long.bin HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let (bytes, ending) = await connection.readToEnd(timeout: Self.longBodyTimeout)
                await connection.close()
                #expect(ending == .closed)
                let headEnd = try #require(bytes.firstRange(of: Array("\r\n\r\n".utf8)))
                let head = String(decoding: bytes[..<headEnd.lowerBound], as: UTF8.self).lowercased()
                #expect(head.hasPrefix("http/1.0 200"), "\(head)")
                #expect(!head.contains("transfer-encoding"), "\(head)")
                #expect(head.contains("connection: close"), "\(head)")
                #expect(bytes.count - headEnd.upperBound == body.count)
                let same = bytes[headEnd.upperBound...].elementsEqual(body)
                #expect(same, "the body differs")
            }
        }
    }

    @Test func aTruncateFaultCutsALongChunkedAnswerAtHalfTheReadAhead() async throws {
        let (answer, _) = Self.longChunkedAnswer(megabytes: 9)
        try await withCannedServer(.answer(answer)) { upstream in
            try await withProxy(
                to: "http://127.0.0.1:\(upstream.port)",
                configure: { $0.flags.faults = try? CommandLineSettings.parseFaults(["truncate"]) }
            ) { mock, _ in
                let connection = try await RawConnection.connect(port: mock.port)
                try await connection.send("GET /long.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let (bytes, ending) = await connection.readToEnd(timeout: Self.longBodyTimeout)
                await connection.close()
                #expect(ending == .closed)
                let text = String(decoding: bytes.prefix(400), as: UTF8.self)
                #expect(text.lowercased().contains("content-length: \(8 << 20)"), "\(text)")
                let headEnd = try #require(bytes.firstRange(of: Array("\r\n\r\n".utf8)))
                #expect(bytes.count - headEnd.upperBound == 4 << 20)
            }
        }
    }

    @Test func onlyWhatTheFoldersDoNotAnswerIsProxied() async throws {
        try await withProxyPair(
            upstreamFiles: [
                "screens/home.json": Self.home, "screens/cart.post.json": #"{"from":"bff"}"#,
                "screens/profile.post.json": #"{"saved":true}"#,
            ],
            mockFiles: ["screens/home.json": #"{"local":true}"#, "screens/profile.json": "{}"]
        ) { mock, _, _ in
            let local = try #require(try await HTTPProbe.request(port: mock.port, target: "/home"))
            #expect(local.text == #"{"local":true}"#)
            let post = try #require(try await HTTPProbe.request(port: mock.port, method: "POST", target: "/cart"))
            #expect(post.text == #"{"from":"bff"}"#)
            // A route with a GET file but no POST file: 405 here, so the upstream answers.
            let notAllowed = try #require(try await HTTPProbe.request(port: mock.port, method: "POST", target: "/profile"))
            #expect(notAllowed.text == #"{"saved":true}"#)
            // OPTIONS is the mock's own answer.
            let options = try #require(try await HTTPProbe.request(port: mock.port, method: "OPTIONS", target: "/profile"))
            #expect(options.status == 204)
            let missing = try #require(try await HTTPProbe.request(port: mock.port, target: "/nowhere"))
            #expect(missing.status == 404)
            #expect(missing.text.contains("no screen or file answers this path"))
            let echo = try #require(try await HTTPProbe.request(port: mock.port, target: "/__echo/x"))
            #expect(echo.text.contains("\"path\":\"/__echo/x\""))
        }
    }

    @Test func routeRulesSendARouteUpstreamOrKeepItLocal() async throws {
        let config = """
            routes:
              - {path: /home, proxy: true}
              - {path: /local/**, proxy: false}
            """
        try await withProxyPair(
            upstreamFiles: ["screens/home.json": Self.home, "screens/local/thing.json": "{}"],
            mockFiles: ["screens/home.json": #"{"local":true}"#, "screens/beagle-mock.yml": config]
        ) { mock, _, _ in
            let home = try #require(try await HTTPProbe.request(port: mock.port, target: "/home"))
            #expect(home.text == Self.home)
            let kept = try #require(try await HTTPProbe.request(port: mock.port, target: "/local/thing"))
            #expect(kept.status == 404)
        }
    }

    @Test func anUnreachableUpstreamIs502NamingItAndTheServerStaysUp() async throws {
        // A port that was just free: nothing listens there.
        let port = try await withMockServer(files: [:]) { server, _ in server.port }
        let log = LogCapture()
        try await withProxy(
            to: "http://127.0.0.1:\(port)", files: ["screens/home.json": "{}"], configure: { $0.logger = log.logger }
        ) { mock, _ in
            let response = try #require(try await HTTPProbe.request(port: mock.port, target: "/missing"))
            #expect(response.status == 502)
            #expect(response.header("Cache-Control") == "no-store")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(json["upstream"] as? String == "http://127.0.0.1:\(port)")
            #expect(json["path"] as? String == "/missing")
            let error = try #require(json["error"] as? String)
            #expect(error.hasPrefix("the upstream did not answer: "), "\(error)")
            #expect(error.lowercased().contains("refused"), "\(error)")
            #expect(log.entries.contains { $0.level == .warning && $0.message.contains("/missing") })
            let home = try #require(try await HTTPProbe.request(port: mock.port, target: "/home"))
            #expect(home.status == 200)
        }
    }

    @Test func aSilentUpstreamIs504AfterTheTimeout() async throws {
        try await withCannedServer(.silent) { upstream in
            try await withProxy(
                to: "http://127.0.0.1:\(upstream.port)", configure: { $0.flags.upstreamTimeout = .milliseconds(300) }
            ) { mock, _ in
                let started = ContinuousClock.now
                let response = try #require(try await HTTPProbe.request(port: mock.port, target: "/slow"))
                #expect(ContinuousClock.now - started >= .milliseconds(300))
                #expect(response.status == 504)
                let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
                #expect(json["error"] as? String == "the upstream did not answer within 300ms")
            }
        }
    }

    @Test func anUpstreamThatResetsBeforeItsHeadIs502() async throws {
        try await withCannedServer(.answerThenReset(Array("HTTP/1.1 200 OK\r\nContent-Le".utf8))) { upstream in
            try await withProxy(to: "http://127.0.0.1:\(upstream.port)") { mock, _ in
                let response = try #require(try await HTTPProbe.request(port: mock.port, target: "/broken"))
                #expect(response.status == 502)
            }
        }
    }

    @Test func garbageFromTheUpstreamIs502() async throws {
        try await withCannedServer(.answer(Array("lskdu018973t09sylgasjkfg1][]'./.sdlv\r\n\r\n".utf8))) { upstream in
            try await withProxy(to: "http://127.0.0.1:\(upstream.port)") { mock, _ in
                let response = try #require(try await HTTPProbe.request(port: mock.port, target: "/garbage"))
                #expect(response.status == 502)
            }
        }
    }

    @Test func anUpstreamThatResetsMidBodyResetsTheClientAndIsLogged() async throws {
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n".utf8) + [UInt8](repeating: 0x61, count: 2000)
        let log = LogCapture()
        try await withCannedServer(.answerThenReset(answer)) { upstream in
            try await withProxy(to: "http://127.0.0.1:\(upstream.port)", configure: { $0.logger = log.logger }) { mock, _ in
                let connection = try await RawConnection.connect(port: mock.port)
                try await connection.send("GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let (bytes, ending) = await connection.readToEnd()
                await connection.close()
                #expect(ending == .reset)
                #expect(String(decoding: bytes.prefix(15), as: UTF8.self) == "HTTP/1.1 200 OK")
                #expect(await log.wait { entries in entries.contains { $0.level == .error && $0.message.contains("reset") } })
                let failure = try #require(log.entries.first { $0.level == .error })
                #expect(failure.message.contains("of 100000 body bytes"), "\(failure.message)")
                #expect(failure.metadata["upstream"] == "http://127.0.0.1:\(upstream.port)")
            }
        }
    }

    @Test func anUpstreamSilentMidBodyForTheTimeoutResetsTheClient() async throws {
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n".utf8) + [UInt8](repeating: 0x62, count: 1000)
        // The timeout covers the whole exchange: two seconds, so that the head arrives in time
        // on a machine busy with the rest of the suite (at 300 ms it sometimes did not: a 504).
        try await withCannedServer(.answerThenHold(answer)) { upstream in
            try await withProxy(
                to: "http://127.0.0.1:\(upstream.port)", configure: { $0.flags.upstreamTimeout = .seconds(2) }
            ) { mock, _ in
                let connection = try await RawConnection.connect(port: mock.port)
                try await connection.send("GET /stalls HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let started = ContinuousClock.now
                let (bytes, ending) = await connection.readToEnd()
                await connection.close()
                #expect(ending == .reset)
                #expect(ContinuousClock.now - started >= .seconds(2))
                #expect(bytes.count > 1000)
            }
        }
    }

    @Test func headRequestsAreProxiedWithoutABody() async throws {
        try await withProxyPair(upstreamFiles: ["screens/home.json": Self.home]) { mock, _, _ in
            let response = try #require(try await HTTPProbe.request(port: mock.port, method: "HEAD", target: "/home"))
            #expect(response.status == 200)
            #expect(response.header("Content-Length") == "\(Self.home.utf8.count)")
            #expect(response.body.isEmpty)
            let again = try #require(try await HTTPProbe.request(port: mock.port, target: "/home"))
            #expect(again.text == Self.home)
        }
    }

    @Test func aHeadAnswerWithoutALengthGetsNoneThroughTheProxy() async throws {
        let answer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        try await withCannedServer(.answer(Array(answer.utf8))) { upstream in
            try await withProxy(to: "http://127.0.0.1:\(upstream.port)") { mock, _ in
                let connection = try await RawConnection.connect(port: mock.port)
                try await connection.send(
                    "HEAD /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /__admin/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let head = await connection.readResponse(isHead: true)
                let next = await connection.readResponse()
                await connection.close()
                #expect(head?.status == 200)
                #expect(head?.header("Content-Length") == nil)
                #expect(head?.body.isEmpty == true)
                // Nothing of a body (no chunk terminator) came between the two answers.
                #expect(next?.status == 200)
            }
        }
    }

    @Test func theJournalSaysProxied() async throws {
        let log = LogCapture()
        try await withProxyPair(
            upstreamFiles: ["screens/home.json": Self.home], mockFiles: ["screens/local.json": "{}"],
            configure: { $0.logger = log.logger }
        ) { mock, _, _ in
            _ = try await HTTPProbe.request(port: mock.port, target: "/home")
            _ = try await HTTPProbe.request(port: mock.port, target: "/local")
            // The access-log line is written once the journal entry is complete.
            #expect(await log.waitForRequests(path: "/local", count: 1))
            #expect(log.requests(path: "/home").first?.message.hasSuffix("proxied") == true)
            let journal = try #require(try await HTTPProbe.request(port: mock.port, target: "/__admin/requests"))
            let json = try #require(try JSONSerialization.jsonObject(with: Data(journal.body)) as? [String: Any])
            let entries = try #require(json["requests"] as? [[String: Any]])
            let byPath = Dictionary(entries.map { ($0["path"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
            #expect(byPath["/home"]?["proxied"] as? Bool == true)
            #expect(byPath["/home"]?["recorded"] is NSNull)
            #expect(byPath["/local"]?["proxied"] as? Bool == false)
            // The OpenAPI document describes exactly these keys (schemathesis checks it in CI).
            let openAPI = try #require(try await HTTPProbe.request(port: mock.port, target: "/__admin/openapi.json"))
            let document = try #require(try JSONSerialization.jsonObject(with: Data(openAPI.body)) as? [String: Any])
            let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
            let required = try #require((schemas["JournalEntry"] as? [String: Any])?["required"] as? [String])
            #expect(Set(required) == Set(try #require(byPath["/home"]).keys))
        }
    }

    @Test func latencyAndBandwidthApplyToProxiedAnswers() async throws {
        let big = "{\"pad\":\"" + String(repeating: "x", count: 20_000) + "\"}"
        try await withProxyPair(upstreamFiles: ["screens/big.json": big]) { mock, _, _ in
            let started = ContinuousClock.now
            let response = try #require(
                try await HTTPProbe.request(
                    port: mock.port, target: "/big", headers: [("X-Mock-Latency", "200ms"), ("X-Mock-Bandwidth", "40KiB/s")]))
            let elapsed = ContinuousClock.now - started
            #expect(response.text == big)
            // 200 ms of latency, then about half a second of body at 40 KiB/s.
            #expect(elapsed >= .milliseconds(550), "\(elapsed)")
        }
    }
}
