import Foundation
import HTTPTypes
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine

/// Docs/AdminAPI.md: the admin API is open on loopback; beyond it, a bearer token or nothing.
/// Servers bound to 0.0.0.0 here are reached through 127.0.0.1.
@Suite struct AdminSecurityTests {
    static let files = ["screens/home.json": #"{"hello":"world"}"#]

    @Test(arguments: [
        ("127.0.0.1", true), ("127.3.2.1", true), ("localhost", true), ("LocalHost", true), ("::1", true), ("[::1]", true),
        ("::ffff:127.0.0.1", true), ("0.0.0.0", false), ("::", false), ("10.0.2.2", false), ("192.168.1.20", false),
        ("2001:db8::1", false), ("no-such-host.invalid", false),
    ])
    func loopbackAddresses(host: String, loopback: Bool) {
        #expect(AdminAccess.isLoopback(host: host) == loopback)
        #expect(AdminAccess(host: host, token: nil) == (loopback ? .open : .off))
        #expect(AdminAccess(host: host, token: "t") == (loopback ? .open : .tokenRequired))
    }

    @Test func tokensCompareWholly() {
        let token = Array("s3cret-token".utf8)
        #expect(AdminGate.constantTimeEquals(token, Array("s3cret-token".utf8)))
        #expect(!AdminGate.constantTimeEquals(token, Array("s3cret-tokem".utf8)))
        #expect(!AdminGate.constantTimeEquals(token, Array("s3cret".utf8)))
        #expect(!AdminGate.constantTimeEquals(token, Array("s3cret-token-and-more".utf8)))
        #expect(!AdminGate.constantTimeEquals(token, []))
        #expect(!AdminGate.constantTimeEquals([], []))
    }

    @Test(arguments: [
        ("Bearer abc", "abc" as String?), ("bearer abc", "abc"), ("BEARER   abc  ", "abc"), ("Basic abc", nil), ("Bearer", nil),
        ("Bearer ", nil), ("Bearerabc", nil), ("Token abc", nil),
    ])
    func bearerCredentials(header: String, credentials: String?) {
        #expect(AdminGate.bearerCredentials(header).map { String(decoding: $0, as: UTF8.self) } == credentials)
    }

    @Test func loopbackIsOpenWithoutAToken() async throws {
        try await withMockServer(files: Self.files, configure: { $0.adminToken = "ignored-here" }) { server, _ in
            #expect(server.server.adminAccess == .open)
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/requests"))
            #expect(response.status == 200)
        }
    }

    @Test func beyondLoopbackTheTokenIsNeeded() async throws {
        try await withMockServer(
            files: Self.files,
            configure: {
                $0.host = "0.0.0.0"; $0.adminToken = "s3cret"
            }
        ) { server, _ in
            #expect(server.server.adminAccess == .tokenRequired)
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            for (target, method) in [
                ("/__admin/requests", "GET"), ("/__admin/settings", "PUT"), ("/__admin/reset", "POST"), ("/__admin/nope", "GET"),
                ("/__admin/openapi.json", "GET"), ("/__admin/routes", "DELETE"),
            ] {
                let refused = try await client.request(method, target)
                #expect(refused.status == 401, "\(method) \(target)")
                let challenge = try #require(refused.header("WWW-Authenticate"))
                #expect(challenge.hasPrefix("Bearer "))
                #expect(!refused.headers.contains { $0.value.lowercased().contains("basic") })
                #expect(try refused.jsonObject()["error"] is String)
            }
            for wrong in ["Bearer s3cre", "Bearer s3cret2", "Basic czNjcmV0", "s3cret"] {
                let refused = try await client.request("GET", "/__admin/requests", headers: [("Authorization", wrong)])
                #expect(refused.status == 401, "\(wrong)")
                #expect(refused.header("WWW-Authenticate")?.hasPrefix("Bearer ") == true)
            }
            let wrongToken = try await client.request("GET", "/__admin/requests", headers: [("Authorization", "Bearer nope")])
            #expect(wrongToken.header("WWW-Authenticate")?.contains(#"error="invalid_token""#) == true)
            let twice = try await client.request(
                "GET", "/__admin/requests", headers: [("Authorization", "Bearer s3cret"), ("Authorization", "Bearer s3cret")])
            #expect(twice.status == 401)

            let allowed = try await client.request("GET", "/__admin/requests", headers: [("Authorization", "Bearer s3cret")])
            #expect(allowed.status == 200)
            let lowercase = try await client.request("GET", "/__admin/settings", headers: [("authorization", "bearer s3cret")])
            #expect(lowercase.status == 200)
            let health = try await client.request("GET", "/__admin/health")
            #expect(health.status == 200)
            // Screens and echo never need the token.
            #expect(try await client.request("GET", "/home").status == 200)
            #expect(try await client.request("GET", "/__echo").status == 200)
        }
    }

    @Test func beyondLoopbackWithoutATokenTheAdminAPIIsOff() async throws {
        try await withMockServer(files: Self.files, configure: { $0.host = "0.0.0.0" }) { server, _ in
            #expect(server.server.adminAccess == .off)
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            for target in ["/__admin/requests", "/__admin/settings", "/__admin/nope"] {
                let refused = try await client.request("GET", target, headers: [("Authorization", "Bearer anything")])
                #expect(refused.status == 403)
                #expect(refused.header("WWW-Authenticate") == nil)
                #expect((try refused.jsonObject()["error"] as? String)?.contains("--admin-token") == true)
            }
            #expect(try await client.request("POST", "/__admin/reset").status == 403)
            #expect(try await client.request("GET", "/__admin/health").status == 200)
        }
    }

    @Test func anEmptyTokenIsNoToken() {
        #expect(AdminGate(host: "0.0.0.0", token: "").access == .off)
        #expect(AdminGate(host: "0.0.0.0", token: nil).access == .off)
    }

    @Test func theCommandLineTakesTheTokenFromTheEnvironment() async throws {
        let folder = try TemporaryScreens(Self.files)
        defer { folder.remove() }
        let command = try await CommandRunner.start(
            ["serve", folder.screens, "--host", "0.0.0.0", "--port", "0"], environment: ["BEAGLE_MOCK_ADMIN_TOKEN": "from-env"])
        #expect(await command.waitForOutput(containing: "Press Ctrl+C"))
        #expect(command.output.contains("token required"))
        let port = try #require(Self.port(in: command.output))
        let refused = try #require(try await HTTPProbe.request(port: port, target: "/__admin/requests"))
        #expect(refused.status == 401)
        let allowed = try #require(
            try await HTTPProbe.request(port: port, target: "/__admin/requests", headers: [("Authorization", "Bearer from-env")]))
        #expect(allowed.status == 200)
        command.signal(SIGTERM)
        #expect(await command.finish().status == 0)
    }

    @Test(arguments: [["--admin-token", "has space"], ["--admin-token", ""], ["--admin-token", "caf\u{E9}"]])
    func anUnusableTokenIsAUsageError(arguments: [String]) async throws {
        let result = try await CommandRunner.run(["serve", "--port", "0"] + arguments)
        #expect(result.status == 2)
        #expect(result.error.contains("--admin-token"))
    }

    /// The port in the banner's `Listening http://0.0.0.0:PORT`.
    static func port(in output: String) -> Int? {
        guard let range = output.range(of: "Listening http://0.0.0.0:") else { return nil }
        return Int(output[range.upperBound...].prefix { $0.isNumber })
    }
}
