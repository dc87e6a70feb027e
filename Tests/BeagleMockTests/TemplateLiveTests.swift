import Foundation
import Logging
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// Templates seen from a client of a live server (Docs/Templates.md).
@Suite struct TemplateLiveTests {
    static let files = [
        "screens/product/[id].json":
            #"{"id":"{{request.params.id}}","sort":"{{request.query.sort}}","user":"{{request.headers.x-user}}"}"#,
        "screens/dice.json": #"{"roll":{{random 1 6}},"id":"{{uuid}}"}"#,
        "screens/platform.json": """
        {"children":[{"beaglePlatform":"IOS","child":{"text":"ios {{request.path}}"}},{"beaglePlatform":"ANDROID","child":{"text":"android"}}]}
        """,
        "screens/static.json": #"{"plain":true}"#,
        "screens/broken.json": "{\n  \"a\": \"{{#request.path}}\"\n}",
        "screens/orders.post.json": #"{"created":"{{request.body.sku}}","qty":{{request.body.qty}}}"#,
    ]

    @Test func oneFileAnswersEveryIdWithTheRequestsValues() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let first = try #require(
                try await HTTPProbe.request(
                    port: server.port, target: "/product/42?sort=price", headers: [("X-User", "ann \"a\"")]))
            #expect(first.status == 200)
            #expect(first.text == #"{"id":"42","sort":"price","user":"ann \"a\""}"#)
            let second = try #require(try await HTTPProbe.request(port: server.port, target: "/product/7"))
            #expect(second.text == #"{"id":"7","sort":"","user":""}"#)
            #expect(second.header("Content-Type")?.hasPrefix("application/json") == true)
        }
    }

    @Test func theETagIsTheRenderedBodysAndThereIsNoLastModified() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let first = try #require(try await HTTPProbe.request(port: server.port, target: "/product/42"))
            let tag = try #require(first.header("ETag"))
            #expect(tag == ContentHash(of: first.body).entityTag)
            #expect(first.header("Last-Modified") == nil)
            let other = try #require(try await HTTPProbe.request(port: server.port, target: "/product/7"))
            #expect(other.header("ETag") != tag)
            let again = try #require(
                try await HTTPProbe.request(port: server.port, target: "/product/42", headers: [("If-None-Match", tag)]))
            #expect(again.status == 304)
            let changed = try #require(
                try await HTTPProbe.request(port: server.port, target: "/product/7", headers: [("If-None-Match", tag)]))
            #expect(changed.status == 200)
            // A static file keeps Last-Modified.
            let plain = try #require(try await HTTPProbe.request(port: server.port, target: "/static"))
            #expect(plain.header("Last-Modified") != nil)
        }
    }

    @Test func thePlatformFilterAppliesToTheRenderedBody() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let ios = try #require(
                try await HTTPProbe.request(port: server.port, target: "/platform", headers: [("beagle-platform", "IOS")]))
            #expect(ios.text == #"{"children":[{"text":"ios /platform"}]}"#)
            #expect(ios.header("ETag") == ContentHash(of: ios.body).entityTag)
            let android = try #require(
                try await HTTPProbe.request(port: server.port, target: "/platform", headers: [("beagle-platform", "ANDROID")]))
            #expect(android.text == #"{"children":[{"text":"android"}]}"#)
        }
    }

    @Test func aMethodFileRendersTheJSONBody() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let created = try #require(
                try await HTTPProbe.request(
                    port: server.port, method: "POST", target: "/orders", headers: [("Content-Type", "application/json")],
                    body: Array(#"{"sku":"S-1","qty":3}"#.utf8)))
            #expect(created.text == #"{"created":"S-1","qty":3}"#)
        }
    }

    @Test func aTemplateThatCannotRenderAnswers500NamingFileLineAndColumn() async throws {
        let log = LogCapture()
        try await withMockServer(files: Self.files, configure: { $0.logger = log.logger }) { server, _ in
            let failed = try #require(try await HTTPProbe.request(port: server.port, target: "/broken"))
            #expect(failed.status == 500)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(failed.body)) as? [String: Any])
            #expect(body["file"] as? String == "broken.json")
            #expect(body["line"] as? Int == 2)
            #expect(body["column"] as? Int == 9)
            #expect((body["error"] as? String)?.contains("is never closed") == true)
            #expect(
                await log.wait { entries in
                    entries.contains {
                        $0.level == .error && $0.message.hasPrefix("broken.json:2:9: the template cannot be rendered")
                    }
                })
            // The server stays up.
            let fine = try #require(try await HTTPProbe.request(port: server.port, target: "/static"))
            #expect(fine.status == 200)
        }
    }

    @Test func templatesFalseServesTheFileAsItIs() async throws {
        var files = Self.files
        files["screens/beagle-mock.yml"] = "templates: false\n"
        try await withMockServer(files: files) { server, _ in
            let raw = try #require(try await HTTPProbe.request(port: server.port, target: "/product/42"))
            #expect(raw.text == Self.files["screens/product/[id].json"])
            #expect(raw.header("Last-Modified") != nil)
        }
    }

    @Test func aSeededRunRendersTheSameRandomBytes() async throws {
        var first: [String] = []
        try await withMockServer(files: Self.files, configure: { $0.flags.seed = 11 }) { server, _ in
            for _ in 0..<5 { first.append(try #require(try await HTTPProbe.request(port: server.port, target: "/dice")).text) }
        }
        #expect(Set(first).count == 5)
        var second: [String] = []
        try await withMockServer(files: Self.files, configure: { $0.flags.seed = 11 }) { server, _ in
            for _ in 0..<5 { second.append(try #require(try await HTTPProbe.request(port: server.port, target: "/dice")).text) }
        }
        #expect(first == second)
    }

    @Test func twoProcessesWithTheSameSeedRenderTheSameBytes() async throws {
        let folder = try TemporaryScreens(Self.files)
        defer { folder.remove() }
        var renderings: [[String]] = []
        for _ in 0..<2 {
            let command = try await CommandRunner.start(["serve", folder.screens, "--port", "0", "--seed", "42"])
            #expect(await command.waitForOutput(containing: "Press Ctrl+C"))
            let port = try #require(CommandLineTests.port(in: command.output))
            var bodies: [String] = []
            for target in ["/dice", "/dice", "/product/1", "/dice"] {
                bodies.append(try #require(try await HTTPProbe.request(port: port, target: target)).text)
            }
            command.signal(SIGTERM)
            _ = await command.finish()
            renderings.append(bodies)
        }
        #expect(renderings[0] == renderings[1])
        #expect(renderings[0][0] != renderings[0][1])
    }

    @Test func aScenarioFlowWithATemplatedAnswer() async throws {
        let files = [
            "screens/cart.json": #"{"items":[]}"#,
            "screens/cart-filled.json": #"{"items":["{{request.headers.x-item}}"]}"#,
            "screens/cart.post.json": #"{"added":"{{request.body.sku}}"}"#,
            "screens/beagle-mock.yml": CartScenario.config(),
        ]
        try await withMockServer(files: files) { server, _ in
            let empty = try #require(try await HTTPProbe.request(port: server.port, target: "/cart"))
            #expect(empty.text == #"{"items":[]}"#)
            let added = try #require(
                try await HTTPProbe.request(
                    port: server.port, method: "POST", target: "/cart", body: Array(#"{"sku":"book"}"#.utf8)))
            #expect(added.text == #"{"added":"book"}"#)
            let filled = try #require(
                try await HTTPProbe.request(port: server.port, target: "/cart", headers: [("X-Item", "book")]))
            #expect(filled.text == #"{"items":["book"]}"#)
        }
    }
}
