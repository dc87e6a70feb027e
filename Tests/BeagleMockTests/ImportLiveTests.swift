import BeagleScreens
import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// `beagle-mock import` end to end (Docs/Sessions.md): a captured session made into a folder, and
/// the server over that folder giving the same bytes, statuses and headers for each platform, in
/// the order the session saw them.
@Suite struct ImportLiveTests {
    static let base = "https://bff.example.com/api"

    static func screen(_ text: String) -> String {
        #"{"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:text","text":"\#(text)"}}"#
    }

    /// A session with several routes, platform variants, a POST, an image, a 503 with
    /// `Retry-After` and routes that changed, some entries of other origins mixed in.
    static func session() -> SessionFixture {
        var session = SessionFixture()
        let logo: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0x7B, 0x7B, 0x10]
        session.add("GET", "\(base)/home", platform: "IOS", body: screen("Home on iOS"))
        session.add("GET", "\(base)/home", platform: "ANDROID", body: screen("Home on Android"))
        session.add("GET", "\(base)/home", body: screen("Home"))
        session.add("GET", "https://analytics.example.com/collect", body: "{}")
        session.add("GET", "\(base)/feed", platform: "IOS", body: screen("Feed 1"))
        session.add("GET", "\(base)/images/logo.png", platform: "IOS", mimeType: "image/png", bytes: logo)
        session.add(
            "GET", "\(base)/catalog", platform: "IOS", body: screen("Catalog"), headers: [("Cache-Control", "max-age=60")])
        session.add("POST", "\(base)/cart", platform: "IOS", body: #"{"cartId":"c1","items":1}"#)
        session.add("GET", "\(base)/feed", body: screen("Feed for the web"))
        session.add("GET", "\(base)/feed", platform: "IOS", body: screen("Feed 2"))
        session.add("POST", "\(base)/cart", platform: "IOS", body: #"{"cartId":"c1","items":2}"#)
        session.add(
            "GET", "\(base)/status", platform: "IOS", status: 503, body: #"{"error":"maintenance"}"#,
            headers: [("Retry-After", "120")])
        session.add("OPTIONS", "\(base)/cart", status: 204, body: "")
        session.add("GET", "\(base)/feed", platform: "IOS", body: screen("Feed 2"))
        session.add("GET", "\(base)/feed", platform: "ANDROID", body: screen("Feed on Android"))
        session.add(
            "GET", "\(base)/feed", platform: "IOS", status: 503, body: #"{"error":"busy"}"#, headers: [("Retry-After", "1")])
        session.add("GET", "\(base)/feed", platform: "IOS", body: screen("Feed 3"))
        session.add("GET", "\(base)/status", platform: "IOS", body: #"{"status":"ok"}"#)
        return session
    }

    @Test func theFolderAnswersAsTheSessionDidForEachPlatformInOrder() async throws {
        let folder = try TemporaryScreens()
        defer { folder.remove() }
        let session = Self.session()
        let destination = folder.root + "/app/screens"
        let report = try session.imported(into: destination, base: Self.base)
        #expect(!report.isIncomplete, "\(report.text)")
        #expect(report.skipped.count == 2)
        #expect(report.diagnostics.allSatisfy { $0.severity != .error }, "\(report.text)")
        try await withMockServer(MockServerConfiguration(screensDirectory: destination)) { server in
            // Every exchange of the session, replayed in its order: the same status and bytes.
            for entry in session.entries where entry.request.url.hasPrefix(Self.base) && entry.request.method != "OPTIONS" {
                let platform = entry.request.headers.first { $0.name == "beagle-platform" }?.value
                let target = String(entry.request.url.dropFirst(Self.base.count))
                let response = try #require(
                    try await HTTPProbe.request(
                        port: server.port, method: entry.request.method, target: target,
                        headers: platform.map { [("beagle-platform", $0)] } ?? [],
                        body: entry.request.method == "GET" ? [] : Array("{}".utf8)))
                let what = "\(entry.request.method) \(target) \(platform ?? "-")"
                #expect(response.status == entry.response.status, "\(what)")
                #expect(response.body == (try Self.bytes(of: entry)), "\(what): \(response.text)")
                if let retryAfter = entry.response.headers.first(where: { $0.name == "Retry-After" })?.value {
                    #expect(response.header("Retry-After") == retryAfter, "\(what)")
                }
            }
            // The last answer of a route repeats.
            let again = try #require(
                try await HTTPProbe.request(port: server.port, target: "/feed", headers: [("beagle-platform", "IOS")]))
            #expect(again.text == Self.screen("Feed 3"))
            let status = try #require(
                try await HTTPProbe.request(port: server.port, target: "/status", headers: [("beagle-platform", "IOS")]))
            #expect(status.status == 200)
            // Kept headers, and the type the file's name gives.
            let catalog = try #require(
                try await HTTPProbe.request(port: server.port, target: "/catalog", headers: [("beagle-platform", "IOS")]))
            #expect(catalog.header("Cache-Control") == "max-age=60")
            let logo = try #require(try await HTTPProbe.request(port: server.port, target: "/images/logo.png"))
            #expect(logo.header("Content-Type") == "image/png")
            // Another platform's sequence is its own: the web's feed did not change.
            for _ in 0..<2 {
                let web = try #require(
                    try await HTTPProbe.request(port: server.port, target: "/feed", headers: [("beagle-platform", "WEB")]))
                #expect(web.text == Self.screen("Feed for the web"))
            }
        }
    }

    /// The body `entry` holds.
    static func bytes(of entry: HAR.Entry) throws -> [UInt8] {
        let content = entry.response.content
        if content.encoding == "base64" { return [UInt8](try #require(Data(base64Encoded: content.text ?? ""))) }
        return Array((content.text ?? "").utf8)
    }

    @Test func keptLatencyDelaysTheAnswers() async throws {
        let folder = try TemporaryScreens()
        defer { folder.remove() }
        var session = SessionFixture()
        session.add("GET", "https://bff.example.com/slow", body: Self.screen("slow"), wait: 300)
        let destination = folder.root + "/app/screens"
        let report = try session.imported(into: destination, keepLatency: true)
        #expect(report.rules.map(\.summary) == ["/slow GET: latency 300ms"])
        try await withMockServer(MockServerConfiguration(screensDirectory: destination)) { server in
            let clock = ContinuousClock()
            let start = clock.now
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/slow"))
            #expect(response.text == Self.screen("slow"))
            #expect(clock.now - start >= .milliseconds(300))
        }
    }
}
