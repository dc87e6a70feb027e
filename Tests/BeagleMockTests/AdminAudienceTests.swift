import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine

/// Docs/AdminAPI.md, "Who may use the admin API": on loopback the admin API answers only requests
/// addressed to this server, and refuses changes from pages of other origins, so that a web page
/// (directly or through DNS rebinding) can neither read the journal nor change settings.
@Suite struct AdminAudienceTests {
    static let files = ["screens/home.json": #"{"hello":"world"}"#]

    /// Sends one request with exactly these headers (Host included) and reads the answer.
    static func send(
        _ port: Int, _ method: String, _ target: String, _ headers: [(String, String)], body: String = ""
    ) async throws -> RawHTTPResponse {
        let connection = try await RawConnection.connect(port: port)
        var head = "\(method) \(target) HTTP/1.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty { head += "Content-Length: \(body.utf8.count)\r\n" }
        try await connection.send(head + "\r\n" + body)
        let response = await connection.readResponse(timeout: .seconds(10))
        await connection.close()
        return try #require(response, "no answer to \(method) \(target)")
    }

    /// The hostile run's request: a foreign Host and Origin read the journal today.
    @Test(arguments: ["attacker.example", "attacker.example:8080", "10.0.0.7", "127.0.0.1.nip.io"])
    func aForeignHostIsRefused(host: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let answer = try await Self.send(
                server.port, "GET", "/__admin/requests", [("Host", host), ("Origin", "http://attacker.example")])
            #expect(answer.status == 403)
            #expect(answer.header("Access-Control-Allow-Origin") == nil)
            #expect(!String(decoding: answer.body, as: UTF8.self).contains("\"requests\""))
        }
    }

    /// Names and addresses of the server itself are answered.
    @Test func ownNamesAreAnswered() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            for host in ["127.0.0.1:\(server.port)", "localhost:\(server.port)", "LOCALHOST", "app.localhost", "127.0.0.2"] {
                let answer = try await Self.send(server.port, "GET", "/__admin/requests", [("Host", host)])
                #expect(answer.status == 200, "\(host)")
            }
        }
    }

    /// A request without Host cannot show it is addressed to this server.
    @Test func noHostIsRefused() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("GET /__admin/requests HTTP/1.0\r\n\r\n")
            let answer = try #require(await connection.readResponse(timeout: .seconds(10)))
            await connection.close()
            #expect(answer.status == 403)
        }
    }

    /// A page of another origin cannot change settings, even addressed to 127.0.0.1 (a form post
    /// needs no preflight); the server's own pages can.
    @Test func crossOriginChangesAreRefused() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let host = "127.0.0.1:\(server.port)"
            let foreign = try await Self.send(
                server.port, "PUT", "/__admin/settings", [("Host", host), ("Origin", "http://attacker.example")],
                body: #"{"faults": ["reset"]}"#)
            #expect(foreign.status == 403)
            let reset = try await Self.send(
                server.port, "POST", "/__admin/reset", [("Host", host), ("Origin", "http://localhost:3000")])
            #expect(reset.status == 403)
            #expect(server.server.settings.snapshot.runtime == .none)
            let own = try await Self.send(
                server.port, "PUT", "/__admin/settings", [("Host", host), ("Origin", "http://\(host)")],
                body: #"{"latency": "10ms"}"#)
            #expect(own.status == 200)
            let tool = try await Self.send(
                server.port, "PUT", "/__admin/settings", [("Host", host)], body: #"{"latency": "20ms"}"#)
            #expect(tool.status == 200)
        }
    }

    /// Screens keep their open CORS: a web app on another port still loads them.
    @Test func screensStayOpenToOtherOrigins() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let answer = try await Self.send(
                server.port, "GET", "/home", [("Host", "127.0.0.1:\(server.port)"), ("Origin", "http://localhost:3000")])
            #expect(answer.status == 200)
            #expect(answer.header("Access-Control-Allow-Origin") == "*")
        }
    }

    /// The host part of a Host header.
    @Test(arguments: [
        ("localhost:8080", "localhost"), ("[::1]:8080", "::1"), ("[::1]", "::1"), ("Example.COM", "example.com"),
        ("[::1", nil), (":8080", nil),
    ])
    func hostNames(authority: String, host: String?) {
        #expect(AdminAudience.hostName(of: authority) == host)
    }
}
