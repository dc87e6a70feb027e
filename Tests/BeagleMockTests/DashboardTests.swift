import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// The dashboard's server side (Docs/Dashboard.md): the page, the screen preview and the live
/// journal. The page itself runs in a real browser in CI (.ci/dashboard_test.py).
@Suite struct DashboardTests {
    static let files = [
        "screens/home.json": """
        {"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:container","children":[
          {"beaglePlatform":"IOS","child":{"_beagleComponent_":"beagle:text","text":"ios only"}},
          {"_beagleComponent_":"beagle:text","text":"everyone"}]}}
        """,
        "screens/product/[id].json": #"{"_beagleComponent_":"beagle:text","text":"product {{request.params.id}}"}"#,
        "screens/broken.json": "{\n  \"_beagleComponent_\": \"beagle:text\",\n  oops\n}",
        "screens/images-only.png": "PNG",
    ]

    @Test func thePageIsOneSmallSelfContainedDocument() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            for path in ["/__admin/", "/__admin"] {
                let page = try #require(try await HTTPProbe.request(port: server.port, target: path))
                #expect(page.status == 200)
                #expect(page.header("Content-Type") == "text/html; charset=utf-8")
                #expect(page.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
                #expect(page.body.count <= 150 * 1024)
                // Nothing from elsewhere: no CDN, no external script or style.
                #expect(!page.text.contains("http://") && !page.text.contains("https://"))
                #expect(page.text.contains("/__admin/events"))
            }
        }
    }

    @Test func theTokenIsAskedByThePageNotForIt() async throws {
        try await withMockServer(
            files: Self.files,
            configure: {
                $0.host = "0.0.0.0"; $0.adminToken = "s3cret"
            }
        ) { server, _ in
            let page = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/"))
            #expect(page.status == 200)
            let data = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/routes"))
            #expect(data.status == 401)
            let events = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/events"))
            #expect(events.status == 401)
        }
        // Where the admin API is off, so is the page.
        try await withMockServer(files: Self.files, configure: { $0.host = "0.0.0.0" }) { server, _ in
            let page = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/"))
            #expect(page.status == 403)
        }
    }

    @Test func aPreviewIsTheBodyAPlatformGets() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let ios = try #require(
                try await HTTPProbe.request(port: server.port, target: "/__admin/screen?route=/home&platform=IOS"))
            #expect(ios.status == 200)
            let preview = try ios.jsonObject()
            #expect(preview["file"] as? String == "home.json")
            #expect(preview["platform"] as? String == "IOS")
            #expect((preview["body"] as? String)?.contains("ios only") == true)
            let web = try #require(
                try await HTTPProbe.request(port: server.port, target: "/__admin/screen?route=/home&platform=WEB"))
            #expect((try web.jsonObject()["body"] as? String)?.contains("ios only") == false)
            let none = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/screen?route=/home"))
            #expect(try none.jsonObject()["platform"] is NSNull)
            // A template, rendered with sample values; a pattern route works.
            let product = try #require(
                try await HTTPProbe.request(port: server.port, target: "/__admin/screen?route=/product/%5Bid%5D"))
            #expect((try product.jsonObject()["body"] as? String)?.contains("product 1") == true)
            // A broken file: its text and its diagnostics, no JSON.
            let broken = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/screen?route=/broken"))
            let brokenPreview = try broken.jsonObject()
            #expect(brokenPreview["isJSON"] as? Bool == false)
            #expect((brokenPreview["diagnostics"] as? [[String: Any]])?.first?["line"] as? Int == 3)
            // Nothing of this is journalled.
            let journal = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/requests"))
            #expect(try journal.jsonObject()["total"] as? Int == 0)
        }
    }

    @Test(arguments: [
        ("/__admin/screen", 400), ("/__admin/screen?route=home", 400), ("/__admin/screen?route=/home&platform=ios", 400),
        ("/__admin/screen?route=/home&platform=MOBILE", 400), ("/__admin/screen?route=/nope", 404),
        ("/__admin/screen?route=/images-only.png", 404),
    ])
    func aPreviewOfNothingSaysWhy(target: String, status: Int) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let answer = try #require(try await HTTPProbe.request(port: server.port, target: target))
            #expect(answer.status == status, "\(target)")
            #expect(try answer.jsonObject()["error"] is String)
        }
    }

    @Test func theLiveJournalStreamsEachRequestTwice() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("GET /__admin/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            // The stream's first bytes say it is open; then a request is read and answered.
            #expect(await connection.waitFor(text: "retry: 1000"))
            _ = try await HTTPProbe.request(port: server.port, target: "/home?live=1")
            #expect(await connection.waitFor(text: "\"status\":200"))
            let text = connection.received
            #expect(text.contains("text/event-stream"))
            #expect(text.components(separatedBy: "event: request").count - 1 == 2)
            #expect(text.contains("\"query\":\"live=1\""))
            await connection.close()
        }
    }

    @Test func theServerStopsWithAStreamOpen() async throws {
        try await LiveSlots.withSlot {
            let folder = try TemporaryScreens(Self.files)
            defer { folder.remove() }
            // A long grace period: a stream that held the shutdown would hold it this long.
            let server = try await MockServer.start(
                MockServerConfiguration(screensDirectory: folder.screens, port: 0, shutdownGracePeriod: .seconds(60)))
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("GET /__admin/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            #expect(await connection.waitFor(text: "retry: 1000"))
            let clock = ContinuousClock()
            let started = clock.now
            try await server.stop()
            // Well within the grace period: the stream ended when the shutdown began.
            #expect(clock.now - started < .seconds(30))
            await connection.close()
        }
    }
}
