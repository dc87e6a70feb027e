import Foundation
import HTTPTypes
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// Docs/AdminAPI.md: `X-Echo-<Name>` response headers, and `/__echo`.
@Suite struct HeaderEchoTests {
    static let files = ["screens/home.json": #"{"hello":"world"}"#]

    static func echoed(_ response: RawHTTPResponse) -> [(name: String, value: String)] {
        response.headers.filter { $0.name.lowercased().hasPrefix("x-echo-") }
    }

    @Test func echoIsOffByDefault() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(
                try await HTTPProbe.request(port: server.port, target: "/home", headers: [("beagle-platform", "IOS")]))
            #expect(Self.echoed(response).isEmpty)
        }
    }

    @Test func echoFlagEchoesEveryHeaderButHopByHopOnes() async throws {
        try await withMockServer(files: Self.files, configure: { $0.flags.echo = true }) { server, _ in
            let response = try #require(
                try await HTTPProbe.request(
                    port: server.port, target: "/home",
                    headers: [
                        ("beagle-platform", "IOS"), ("Authorization", "Bearer abc"), ("X-Trace", "1"), ("X-Trace", "2"),
                        ("Connection", "keep-alive, X-Hop"), ("X-Hop", "gone"), ("Keep-Alive", "timeout=5"), ("TE", "trailers"),
                        ("Proxy-Authorization", "Basic eA=="), ("Trailer", "X-Sum"),
                    ]))
            #expect(response.status == 200)
            let echoed = Self.echoed(response)
            #expect(
                echoed.map(\.name) == [
                    "X-Echo-Host", "X-Echo-beagle-platform", "X-Echo-Authorization", "X-Echo-X-Trace", "X-Echo-X-Trace",
                ])
            #expect(echoed.map(\.value) == ["127.0.0.1:\(server.port)", "IOS", "Bearer abc", "1", "2"])
        }
    }

    @Test func hopByHopHeadersAreNeverEchoed() {
        var head = HTTPRequest(method: .post, scheme: nil, authority: "mock:8080", path: "/x")
        for (name, value) in [
            ("Transfer-Encoding", "chunked"), ("Upgrade", "websocket"), ("Proxy-Connection", "keep-alive"),
            ("connection", "Upgrade, x-private"),
            ("X-Private", "1"), ("Content-Type", "application/json"),
        ] {
            if let field = HTTPField.Name(name) { head.headerFields.append(HTTPField(name: field, value: value)) }
        }
        let fields = HeaderEcho(setting: .allHeaders).fields(for: SentHeaders(head))
        #expect(fields.map(\.name.rawName) == ["X-Echo-Host", "X-Echo-Content-Type"])
        let listed = HeaderEcho(setting: .headers(["content-type", "HOST"])).fields(for: SentHeaders(head))
        #expect(listed.map(\.value) == ["mock:8080", "application/json"])
        #expect(HeaderEcho(setting: .off).fields(for: SentHeaders(head)).isEmpty)
    }

    @Test func theConfigListLimitsWhichHeaders() async throws {
        let files = Self.files.merging(["screens/beagle-mock.yml": "echo: [Authorization, beagle-platform]\n"]) { $1 }
        try await withMockServer(files: files) { server, _ in
            let response = try #require(
                try await HTTPProbe.request(
                    port: server.port, target: "/home",
                    headers: [("authorization", "Bearer t"), ("User-Agent", "app"), ("BEAGLE-PLATFORM", "ANDROID")]))
            let echoed = Self.echoed(response)
            #expect(echoed.map(\.name) == ["X-Echo-authorization", "X-Echo-BEAGLE-PLATFORM"])
            #expect(echoed.map(\.value) == ["Bearer t", "ANDROID"])
        }
    }

    @Test func runtimeSettingsOverrideTheFlag() async throws {
        try await withMockServer(files: Self.files, configure: { $0.flags.echo = true }) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            #expect(
                try await client.request("PUT", "/__admin/settings", body: Array(#"{"echo": ["X-Only"]}"#.utf8)).status == 200)
            let listed = try await client.request("GET", "/home", headers: [("X-Only", "yes"), ("X-Other", "no")])
            #expect(Self.echoed(listed).map(\.name) == ["X-Echo-X-Only"])
            #expect(try await client.request("PUT", "/__admin/settings", body: Array(#"{"echo": false}"#.utf8)).status == 200)
            #expect(Self.echoed(try await client.request("GET", "/home", headers: [("X-Only", "yes")])).isEmpty)
            #expect(try await client.request("POST", "/__admin/reset").status == 200)
            #expect(Self.echoed(try await client.request("GET", "/home")).map(\.name) == ["X-Echo-Host"])
        }
    }

    @Test func errorsAndInjectedFaultsCarryTheEchoToo() async throws {
        try await withMockServer(files: Self.files, configure: { $0.flags.echo = true }) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            let missing = try await client.request("GET", "/nothing", headers: [("X-Id", "7")])
            #expect(missing.status == 404)
            #expect(missing.header("X-Echo-X-Id") == "7")
            let injected = try await client.request("GET", "/home", headers: [("X-Id", "8"), ("X-Mock-Fault", "status:503")])
            #expect(injected.status == 503)
            #expect(injected.header("X-Echo-X-Id") == "8")
            #expect(injected.header("X-Echo-X-Mock-Fault") == "status:503")
        }
    }

    // MARK: /__echo

    @Test(arguments: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PURGE"])
    func echoRouteAnswersAnyMethod(method: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            let body = method == "GET" || method == "OPTIONS" ? [] : Array("name=Ada".utf8)
            let response = try await client.request(
                method, "/__echo/a%20b/c?x=1&y=%C3%A9",
                headers: [("beagle-platform", "WEB"), ("X-Twice", "1"), ("x-twice", "2")],
                body: body)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            #expect(response.header("Access-Control-Allow-Origin") == "*")
            let echo = try response.jsonObject()
            #expect(Set(echo.keys) == ["method", "path", "query", "headers", "body", "bodyEncoding"])
            #expect(echo["method"] as? String == method)
            #expect(echo["path"] as? String == "/__echo/a b/c")
            #expect(echo["query"] as? String == "x=1&y=%C3%A9")
            let headers = try #require(echo["headers"] as? [String: [String]])
            #expect(headers["host"] == ["127.0.0.1:\(server.port)"])
            #expect(headers["beagle-platform"] == ["WEB"])
            #expect(headers["x-twice"] == ["1", "2"])
            #expect(echo["body"] as? String == String(decoding: body, as: UTF8.self))
            #expect(echo["bodyEncoding"] as? String == "utf8")
        }
    }

    @Test(arguments: ["/__echo", "/__echo/", "/__echo.json", "//__echo/deep/er"])
    func everythingUnderEchoIsEcho(path: String) async throws {
        try await withMockServer(files: Self.files.merging(["screens/__echo.json": #"{"screen":true}"#]) { $1 }) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: path))
            #expect(response.status == 200)
            #expect(try response.jsonObject()["method"] as? String == "GET")
        }
    }

    @Test func headGetsTheHeadersOnly() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, method: "HEAD", target: "/__echo"))
            #expect(response.status == 200)
            #expect(response.body.isEmpty)
            #expect(Int(response.header("Content-Length") ?? "") ?? 0 > 0)
        }
    }

    @Test func largeAndBinaryBodiesRoundTripIntact() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            // Up to the body limit (4 MiB by default), as it was sent.
            let text = Array(String(repeating: "0123456789abcdéf", count: 4 * 1024 * 1024 / 17).utf8)
            let large = try await client.request("POST", "/__echo/upload", body: text)
            #expect(large.status == 200)
            let echo = try large.jsonObject()
            #expect(echo["bodyEncoding"] as? String == "utf8")
            #expect((echo["body"] as? String).map { Array($0.utf8) } == text)

            var random = SystemRandomNumberGenerator()
            let binary = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &random) }
            let image = try await client.request("PUT", "/__echo/image", headers: [("Content-Type", "image/png")], body: binary)
            let echoed = try image.jsonObject()
            #expect(echoed["bodyEncoding"] as? String == "base64")
            #expect((echoed["body"] as? String).flatMap { Data(base64Encoded: $0) } == Data(binary))
        }
    }

    @Test func bodiesPastTheLimitAre413() async throws {
        try await withMockServer(files: Self.files, configure: { $0.maxRequestBodySize = 1024 }) { server, _ in
            let exact = try #require(
                try await HTTPProbe.request(
                    port: server.port, method: "POST", target: "/__echo", body: Array(repeating: 65, count: 1024)))
            #expect(exact.status == 200)
            #expect((try exact.jsonObject()["body"] as? String)?.count == 1024)
            let over = try #require(
                try await HTTPProbe.request(
                    port: server.port, method: "POST", target: "/__echo", body: Array(repeating: 65, count: 1025)))
            #expect(over.status == 413)
        }
    }

    @Test func echoRoutesGetLatencyFaultsAndRouteRulesLikeScreens() async throws {
        let files = Self.files.merging([
            "screens/beagle-mock.yml": "routes:\n  - path: /__echo/flaky\n    sequence: [\"status:500\", ok]\n"
        ]) { $1 }
        try await withMockServer(files: files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            let injected = try await client.request("POST", "/__echo/form", headers: [("X-Mock-Fault", "status:503")], body: [65])
            #expect(injected.status == 503)
            #expect(try injected.jsonObject()["injected"] as? Bool == true)
            #expect(try await client.request("GET", "/__echo/flaky").status == 500)
            #expect(try await client.request("GET", "/__echo/flaky").status == 200)
            let delayed = try await client.request("GET", "/__echo/slow?__latency=30ms")
            #expect(delayed.status == 200)
            let entries = try await client.json("GET", "/__admin/requests?path=/__echo/**").object["requests"] as? [[String: Any]]
            #expect(entries?.map { $0["fault"] as? String } == [nil, nil, "status:500", "status:503"])
            #expect(entries?.first?["latencyMs"] as? Double == 30)
        }
    }
}
