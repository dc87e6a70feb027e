import Foundation
import Logging
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// A template's limits on a live server (Docs/Templates.md, "Limits"): a rendering past them
/// answers 500 and leaves the server as it was; a heavy one never holds up the other requests,
/// and ends when its client leaves or the server stops.
@Suite(.serialized) struct TemplateLimitsLiveTests {
    /// 10^8 passes that write nothing: with the limits raised, a rendering of many seconds.
    static let endless = "{{#repeat 10000}}{{#repeat 10000}}{{/repeat}}{{/repeat}}"
    /// The hostile run's template.
    static let nested =
        #"{"x":[{{#repeat 10000}}[{{#repeat 10000}}{{index}}{{^last}},{{/last}}{{/repeat}}]{{^last}},{{/last}}{{/repeat}}]}"#
    /// Limits that let ``endless`` run for a long time.
    static let raised = "templateLimits: {iterations: 100000000, output: 1GiB}\n"

    @Test func aRenderingPastItsLimitsAnswers500NamingWhereAndTheServerGoesOn() async throws {
        let log = LogCapture()
        let files = [
            "screens/x.json": Self.nested, "screens/home.json": #"{"home":true}"#,
            // Smaller than the standard limit, so that a debug build reaches it in a moment.
            "screens/beagle-mock.yml": "templateLimits: {iterations: 5000}\n",
        ]
        try await withMockServer(
            files: files,
            configure: { $0.logger = log.logger }
        ) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/x"))
            #expect(response.status == 500)
            let body = try response.jsonObject()
            #expect(body["file"] as? String == "x.json")
            #expect(body["line"] as? Int == 1)
            #expect(body["column"] as? Int == 25)
            #expect((body["error"] as? String)?.contains("templateLimits.iterations") == true)
            #expect(
                log.entries.contains {
                    $0.level == .error && $0.message.hasPrefix("x.json:1:25: the template cannot be rendered")
                })
            #expect(try #require(try await HTTPProbe.request(port: server.port, target: "/home")).status == 200)
            let routes = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/routes"))
            #expect(routes.text.contains("templateLimits.iterations"))
            let preview = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/screen?route=/x"))
            #expect(preview.text.contains("templateLimits.iterations"))
        }
    }

    /// Two renderings that would run for a long time: health and files keep their pace, and the
    /// renderings stop once their clients leave (a later heavy rendering is not held behind them).
    @Test func heavyRenderingsHoldUpNoOtherRequestAndStopWhenTheirClientsLeave() async throws {
        let files = [
            "screens/endless.json": Self.endless, "screens/home.json": #"{"home":true}"#,
            "screens/some.json": "[{{#repeat 5000}}{{index}}{{^last}},{{/last}}{{/repeat}}]",
            "screens/beagle-mock.yml": Self.raised,
        ]
        try await withMockServer(files: files) { server, _ in
            let clock = ContinuousClock()
            var calm: [Duration] = []
            for _ in 0..<5 {
                let start = clock.now
                #expect(try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/health")).status == 200)
                calm.append(clock.now - start)
            }
            var renderings: [RawConnection] = []
            for _ in 0..<2 {
                renderings.append(
                    try await RawConnection.connect(port: server.port, sending: "GET /endless HTTP/1.1\r\nHost: x\r\n\r\n"))
            }
            var busy: [Duration] = []
            for path in ["/__admin/health", "/home", "/__admin/health", "/home", "/__admin/health"] {
                let start = clock.now
                #expect(try #require(try await HTTPProbe.request(port: server.port, target: path)).status == 200)
                busy.append(clock.now - start)
            }
            // Generous: a loaded machine's scheduler, not the renderings, sets these. Held up by the
            // renderings, they would wait minutes.
            #expect(busy.sorted()[2] < calm.sorted()[2] + .seconds(5), "calm \(calm), busy \(busy)")
            for connection in renderings { await connection.close() }
            // 5,000 passes is more than a request's own task renders: it waits for the render
            // thread, which the abandoned renderings left.
            let start = clock.now
            let some = try #require(try await HTTPProbe.request(port: server.port, target: "/some", timeout: .seconds(60)))
            #expect(some.status == 200)
            #expect(clock.now - start < .seconds(10), "\(clock.now - start)")
        }
    }

    @Test func theServerStopsWithinItsGraceWhileARenderingRuns() async throws {
        try await LiveSlots.withSlot {
            let folder = try TemporaryScreens(["screens/endless.json": Self.endless, "screens/beagle-mock.yml": Self.raised])
            defer { folder.remove() }
            let server = try await MockServer.start(
                MockServerConfiguration(screensDirectory: folder.screens, port: 0, shutdownGracePeriod: .seconds(20)))
            // The rendering begins once the journal has the request.
            let entries = server.server.journal.feed.follow()
            let connection = try await RawConnection.connect(
                port: server.port, sending: "GET /endless HTTP/1.1\r\nHost: x\r\n\r\n")
            for await entry in entries where entry.path == "/endless" { break }
            let clock = ContinuousClock()
            let start = clock.now
            try await server.stop()
            #expect(clock.now - start < .seconds(10), "\(clock.now - start)")
            await connection.close()
        }
    }
}
