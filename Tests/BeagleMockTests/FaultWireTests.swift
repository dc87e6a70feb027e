import BeagleMock
import Foundation
import MockTestSupport
import Testing

/// Every fault of Docs/LatencyAndFaults.md as bytes on the wire, read from a raw socket.
@Suite struct FaultWireTests {
    static let body = #"{"_beagleComponent_":"beagle:text","text":"\#(String(repeating: "x", count: 4000))"}"#
    static let files = ["screens/home.json": body, "images/pic.png": "\u{89}PNG-not-really"]

    /// Sends one GET for /home with `X-Mock-Fault: fault` and reads until the server ends it.
    static func exchange(_ fault: String, port: Int, target: String = "/home") async throws -> (
        bytes: [UInt8], ending: RawConnection.Ending
    ) {
        let connection = try await RawConnection.connect(port: port)
        try await connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: \(fault)\r\n\r\n")
        let result = await connection.readToEnd(timeout: .seconds(10))
        await connection.close()
        return result
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func statusFaultIsAJSONResponse() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(
                try await HTTPProbe.request(port: server.port, target: "/home", headers: [("X-Mock-Fault", "status:503")]))
            #expect(response.status == 503)
            #expect(response.header("Retry-After") == "1")
            #expect(response.header("Cache-Control") == "no-store")
            #expect(response.header("ETag") == nil)
            #expect(response.header("Last-Modified") == nil)
            #expect(response.header("Access-Control-Allow-Origin") == "*")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(json["injected"] as? Bool == true)
            #expect(json["error"] as? String == "injected fault: 503 Service Unavailable")
            let teapot = try #require(
                try await HTTPProbe.request(port: server.port, target: "/home", headers: [("X-Mock-Fault", "status:418")]))
            #expect(teapot.status == 418)
            #expect(teapot.header("Retry-After") == nil)
            let noContent = try #require(
                try await HTTPProbe.request(port: server.port, target: "/home", headers: [("X-Mock-Fault", "status:204")]))
            #expect(noContent.status == 204)
            #expect(noContent.body.isEmpty)
        }
    }

    @Test(arguments: ["empty-response", "EMPTY_RESPONSE"])
    func emptyResponseSendsNothingAndCloses(name: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let (bytes, ending) = try await Self.exchange(name, port: server.port)
            #expect(bytes.isEmpty)
            #expect(ending == .closed)
        }
    }

    @Test(arguments: ["reset", "CONNECTION_RESET_BY_PEER"])
    func resetSendsARSTBeforeAnyByte(name: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let (bytes, ending) = try await Self.exchange(name, port: server.port)
            #expect(bytes.isEmpty)
            #expect(ending == .reset)
        }
    }

    @Test func resetMidBodySendsHeadAndPartOfTheBodyThenRST() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let (bytes, ending) = try await Self.exchange("reset-mid-body", port: server.port)
            #expect(ending == .reset)
            let text = Self.text(bytes)
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(text.contains("Content-Length: \(Self.body.utf8.count)\r\n"))
            let bodyStart = try #require(text.range(of: "\r\n\r\n")).upperBound
            let received = text[bodyStart...].utf8.count
            #expect(received > 0 && received < Self.body.utf8.count)
        }
    }

    @Test(arguments: ["garbage", "RANDOM_DATA_THEN_CLOSE"])
    func garbageReplacesTheStatusLine(name: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let (bytes, ending) = try await Self.exchange(name, port: server.port)
            #expect(!bytes.isEmpty)
            #expect(!Self.text(bytes).hasPrefix("HTTP/"))
            #expect(ending == .closed)
        }
    }

    @Test func truncateDeclaresTheFullLengthAndSendsAboutHalf() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let (bytes, ending) = try await Self.exchange("truncate", port: server.port)
            #expect(ending == .closed)
            let text = Self.text(bytes)
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(text.contains("Content-Length: \(Self.body.utf8.count)\r\n"))
            let bodyStart = try #require(text.range(of: "\r\n\r\n")).upperBound
            let received = text[bodyStart...].utf8.count
            #expect(abs(received - Self.body.utf8.count / 2) <= 1)
        }
    }

    @Test(arguments: ["malformed-chunk", "MALFORMED_RESPONSE_CHUNK"])
    func malformedChunkBreaksTheFraming(name: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let (bytes, ending) = try await Self.exchange(name, port: server.port)
            #expect(ending == .closed)
            let text = Self.text(bytes)
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(text.lowercased().contains("transfer-encoding: chunked\r\n"))
            #expect(!text.lowercased().contains("content-length"))
            // A chunked decoder must fail: the body never ends with a zero-size chunk.
            #expect(!text.hasSuffix("0\r\n\r\n"))
            let headEnd = try #require(text.range(of: "\r\n\r\n")).upperBound
            let body = Array(text[headEnd...].utf8)
            let sizeLine = body.prefix { $0 != UInt8(ascii: "\r") }
            let size = try #require(Int(String(decoding: sizeLine, as: UTF8.self), radix: 16))
            let afterChunk = body.dropFirst(sizeLine.count + 2 + size)
            #expect(Array(afterChunk.prefix(2)) != [13, 10])
        }
    }

    @Test func malformedJSONIsFramedButUnparseable() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(
                try await HTTPProbe.request(port: server.port, target: "/home", headers: [("X-Mock-Fault", "malformed-json")]))
            #expect(response.status == 200)
            #expect(response.header("Content-Length") == String(response.body.count))
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(response.body)) }
        }
    }

    @Test func corruptIsFramedButUndecodable() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(
                try await HTTPProbe.request(port: server.port, target: "/images/pic.png", headers: [("X-Mock-Fault", "corrupt")]))
            #expect(response.status == 200)
            #expect(response.header("Content-Length") == String(response.body.count))
            #expect(response.header("Content-Type") == "image/png")
            #expect(response.body.first == 0)
            #expect(Array(response.body.prefix(4)) != [0x89, 0x50, 0x4E, 0x47])
            let json = try #require(
                try await HTTPProbe.request(port: server.port, target: "/home", headers: [("X-Mock-Fault", "corrupt")]))
            #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(json.body)) }
        }
    }

    @Test func hangHoldsTheConnectionThenClosesAtHangMax() async throws {
        let flags = CommandLineSettings(hangMax: .milliseconds(600))
        try await withMockServer(files: Self.files, configure: { $0.flags = flags }) { server, _ in
            let clock = ContinuousClock()
            let started = clock.now
            let (bytes, ending) = try await Self.exchange("hang", port: server.port)
            let waited = clock.now - started
            #expect(bytes.isEmpty)
            #expect(ending == .closed)
            #expect(waited >= .milliseconds(550))
            #expect(waited < .seconds(30))
        }
    }

    /// A client that gives up on a hang closes its socket (a FIN; Hummingbird keeps the channel
    /// half-open): the hang ends then, logged as client-gone, not at --hang-max.
    @Test func hangEndsWhenTheClientLeaves() async throws {
        let log = LogCapture()
        let flags = CommandLineSettings(hangMax: .seconds(60))
        try await withMockServer(
            files: Self.files,
            configure: {
                $0.flags = flags; $0.logger = log.logger
            }
        ) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("GET /home HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: hang\r\n\r\n")
            // Still hanging: nothing comes back for a while.
            let (bytes, ending) = await connection.readToEnd(timeout: .milliseconds(300))
            #expect(bytes.isEmpty && ending == .open)
            let clock = ContinuousClock()
            let left = clock.now
            await connection.close()
            let logged = await log.wait(timeout: .seconds(20)) { entries in
                entries.contains { $0.requestPath == "/home" }
            }
            #expect(logged)
            #expect(clock.now - left < .seconds(10))
            let line = try #require(log.requests(path: "/home").first)
            #expect(line.message.contains("outcome=client-gone"), "\(line.message)")
        }
    }

    @Test func noneSwitchesFaultsOffForOneRequest() async throws {
        let flags = CommandLineSettings(faults: try FaultRules(spec: "reset"))
        try await withMockServer(files: Self.files, configure: { $0.flags = flags }) { server, _ in
            let response = try #require(
                try await HTTPProbe.request(port: server.port, target: "/home", headers: [("X-Mock-Fault", "none")]))
            #expect(response.status == 200)
            #expect(response.text == Self.body)
            // Without the header the flag's reset applies.
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("GET /home HTTP/1.1\r\nHost: x\r\n\r\n")
            let (bytes, ending) = await connection.readToEnd()
            #expect(bytes.isEmpty && ending == .reset)
        }
    }

    @Test func connectionEndingFaultsCloseEvenTheResponsesThatWereSpared() async throws {
        let flags = CommandLineSettings(faults: try FaultRules(spec: "reset@0.5"), seed: 3)
        try await withMockServer(files: Self.files, configure: { $0.flags = flags }) { server, _ in
            var spared = 0
            for _ in 0..<20 {
                let connection = try await RawConnection.connect(port: server.port)
                try await connection.send("GET /home HTTP/1.1\r\nHost: x\r\n\r\n")
                if let response = await connection.readResponse() {
                    spared += 1
                    #expect(response.header("Connection") == "close")
                    let (_, ending) = await connection.readToEnd(timeout: .seconds(5))
                    #expect(ending == .closed)
                }
                await connection.close()
            }
            #expect(spared > 0 && spared < 20)
        }
    }

    @Test func invalidControlValuesGet400NamingTheHeader() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            for (name, value) in [("X-Mock-Fault", "explode"), ("X-Mock-Latency", "-5s"), ("X-Mock-Bandwidth", "fast")] {
                let response = try #require(
                    try await HTTPProbe.request(port: server.port, target: "/home", headers: [(name, value)]))
                #expect(response.status == 400)
                let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String])
                #expect(json["header"] == name)
                #expect(json["value"] == value)
            }
            let query = try #require(try await HTTPProbe.request(port: server.port, target: "/home?__latency=NaNms"))
            #expect(query.status == 400)
            #expect(query.text.contains("__latency"))
            // The server keeps serving.
            #expect(try await HTTPProbe.request(port: server.port, target: "/home")?.status == 200)
        }
    }
}
