import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// Docs/AdminAPI.md: CORS on by default for screens, images and the echo, preflight included;
/// the admin API grants nothing to other origins; `--no-cors` turns all of it off.
@Suite struct CORSTests {
    static let files = ["screens/home.json": #"{"hello":"world"}"#]
    static let preflight = [
        ("Origin", "http://localhost:3000"), ("Access-Control-Request-Method", "PUT"),
        ("Access-Control-Request-Headers", "authorization, content-type"),
    ]

    @Test(arguments: ["/home", "/__echo/form", "/images/logo.png", "/nothing"])
    func preflightIsAnsweredForEveryRoute(path: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(
                try await HTTPProbe.request(port: server.port, method: "OPTIONS", target: path, headers: Self.preflight))
            #expect(response.status == 204)
            #expect(response.header("Access-Control-Allow-Origin") == "http://localhost:3000")
            #expect(response.header("Access-Control-Allow-Methods")?.contains("PUT") == true)
            #expect(response.header("Access-Control-Allow-Headers") == "authorization, content-type")
        }
    }

    /// A web page of another origin is granted nothing by the admin API: its preflight is refused
    /// and no answer carries a CORS grant, with or without a token.
    @Test(arguments: [nil, "t0ken"])
    func theAdminAPIGrantsOtherOriginsNothing(token: String?) async throws {
        try await withMockServer(
            files: Self.files,
            configure: {
                if let token { $0.host = "0.0.0.0"; $0.adminToken = token }
            }
        ) { server, _ in
            for path in ["/__admin/settings", "/__admin/requests", "/__admin/health", "/__admin/nope"] {
                let preflight = try #require(
                    try await HTTPProbe.request(port: server.port, method: "OPTIONS", target: path, headers: Self.preflight))
                #expect(preflight.status == 403, "\(path)")
                #expect(!preflight.headers.contains { $0.name.lowercased().hasPrefix("access-control-") }, "\(path)")
                let answer = try #require(
                    try await HTTPProbe.request(port: server.port, target: path, headers: [("Origin", "http://a.test")]))
                #expect(answer.header("Access-Control-Allow-Origin") == nil, "\(path)")
            }
        }
    }

    @Test(arguments: ["/home", "/__echo", "/nothing"])
    func responsesCarryCORSHeaders(path: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(
                try await HTTPProbe.request(port: server.port, target: path, headers: [("Origin", "http://a.test")]))
            #expect(response.header("Access-Control-Allow-Origin") == "*")
            #expect(response.header("Access-Control-Expose-Headers") == "*")
        }
    }

    @Test func noCORSSendsNoCORSHeadersAndAnswersNoPreflight() async throws {
        try await withMockServer(files: Self.files, configure: { $0.flags.noCORS = true }) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            for path in ["/home", "/__echo", "/__admin/health", "/__admin/requests"] {
                let response = try await client.request("GET", path, headers: [("Origin", "http://a.test")])
                #expect(response.status == 200)
                #expect(!response.headers.contains { $0.name.lowercased().hasPrefix("access-control-") }, "\(path)")
            }
            // OPTIONS is then an ordinary request: the admin lists its methods, the echo echoes, a
            // screen has no OPTIONS file.
            let admin = try await client.request("OPTIONS", "/__admin/settings", headers: Self.preflight)
            #expect(admin.status == 204)
            #expect(admin.header("Allow") == "GET, HEAD, PUT, OPTIONS")
            #expect(admin.header("Access-Control-Allow-Origin") == nil)
            let echo = try await client.request("OPTIONS", "/__echo", headers: Self.preflight)
            #expect(echo.status == 200)
            #expect(try echo.jsonObject()["method"] as? String == "OPTIONS")
            #expect(echo.header("Access-Control-Allow-Origin") == nil)
            let screen = try await client.request("OPTIONS", "/home", headers: Self.preflight)
            #expect(screen.header("Access-Control-Allow-Origin") == nil)
            #expect(screen.header("Access-Control-Allow-Methods") == nil)
        }
    }

    @Test func noCORSFromTheCommandLine() async throws {
        let folder = try TemporaryScreens(Self.files)
        defer { folder.remove() }
        let command = try await CommandRunner.start(["serve", folder.screens, "--port", "0", "--no-cors"])
        #expect(await command.waitForOutput(containing: "Press Ctrl+C"))
        let port = try #require(CommandLineTests.port(in: command.output))
        let preflight = try #require(
            try await HTTPProbe.request(port: port, method: "OPTIONS", target: "/__admin/requests", headers: Self.preflight))
        #expect(preflight.header("Access-Control-Allow-Origin") == nil)
        let plain = try #require(try await HTTPProbe.request(port: port, target: "/home", headers: [("Origin", "http://a.test")]))
        #expect(plain.header("Access-Control-Allow-Origin") == nil)
        command.signal(SIGTERM)
        #expect(await command.finish().status == 0)
    }
}
