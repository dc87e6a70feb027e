import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// `GET /__admin/metrics` (Docs/AdminAPI.md, "Metrics"): Prometheus's text format, counting what the
/// server did, behind the admin gate. CI parses the same answer with prometheus-client's own parser
/// (.ci/metrics_test.py).
@Suite struct MetricsTests {
    static let files = [
        "screens/home.json": #"{"_beagleComponent_":"beagle:text","text":"home"}"#,
        "screens/product/[id].json": #"{"_beagleComponent_":"beagle:text","text":"a product"}"#,
        "images/logo.png": "png",
        "screens/beagle-mock.yml": """
        routes:
          - path: /slow
            latency: 30ms
        timeline:
          deploy:
            stages:
              - {for: 1h, name: deploying, faults: ["status:503"]}
        """,
        "screens/slow.json": "{}",
    ]

    /// The value of the series `name{labels}` (labels as written, in the registry's order), or nil.
    static func value(_ text: String, _ series: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(series + " ") {
            return Double(line.dropFirst(series.count + 1))
        }
        return nil
    }

    @Test func requestsAreCountedByRouteStatusAndFault() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            for target in ["/home", "/home", "/product/1", "/product/2", "/images/logo.png", "/nowhere", "/slow"] {
                _ = try await client.request("GET", target)
            }
            _ = try await client.request("GET", "/home", headers: [("X-Mock-Fault", "status:503")])
            _ = try await client.request("GET", "/home", headers: [("X-Mock-Latency", "soon")])
            let metrics = try await client.request("GET", "/__admin/metrics")
            await client.close()
            #expect(metrics.status == 200)
            #expect(metrics.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
            let text = metrics.text
            let home = #"beagle_mock_requests_total{route="/home",status="200",fault="none"}"#
            #expect(Self.value(text, home) == 2)
            #expect(Self.value(text, #"beagle_mock_requests_total{route="/product/[id]",status="200",fault="none"}"#) == 2)
            #expect(Self.value(text, #"beagle_mock_requests_total{route="/images/logo.png",status="200",fault="none"}"#) == 1)
            #expect(Self.value(text, #"beagle_mock_requests_total{route="(none)",status="404",fault="none"}"#) == 1)
            #expect(Self.value(text, #"beagle_mock_requests_total{route="(none)",status="503",fault="status"}"#) == 1)
            #expect(Self.value(text, #"beagle_mock_requests_total{route="/slow",status="200",fault="none"}"#) == 1)
            #expect(Self.value(text, #"beagle_mock_requests_total{route="(refused)",status="400",fault="none"}"#) == 1)
            #expect(text.contains("# TYPE beagle_mock_injected_latency_seconds histogram"))
            // The 30 ms the rule injects, in the bucket of 50 ms and not in that of 25 ms.
            #expect(Self.value(text, #"beagle_mock_injected_latency_seconds_bucket{route="/slow",le="0.025"}"#) == 0)
            #expect(Self.value(text, #"beagle_mock_injected_latency_seconds_bucket{route="/slow",le="0.05"}"#) == 1)
            #expect(Self.value(text, #"beagle_mock_request_duration_seconds_count{route="/home"}"#) == 2)
            // The connection that asked is open; nothing was reloaded.
            #expect(Self.value(text, "beagle_mock_open_connections") == 1)
            #expect(Self.value(text, "beagle_mock_config_reloads_total") == 0)
            #expect(Self.value(text, "beagle_mock_config_reload_failures_total") == 0)
            #expect(!text.contains("beagle_mock_live_preview_devices"), "Live Preview is off")
            #expect(!text.contains("/nowhere"), "a path no file answers is not a label")
        }
    }

    @Test func reloadsAndTheRunningStageAreTold() async throws {
        try await withMockServer(files: Self.files, configure: { $0.timeline = "deploy" }) { server, folder in
            let before = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/metrics")).text
            #expect(
                Self.value(before, #"beagle_mock_timeline_stage{timeline="deploy",clock="server",stage="deploying"}"#) == 0)
            try folder.write("screens/beagle-mock.yml", "routes: [")
            guard case .rejected = server.server.reloadConfiguration() else {
                Issue.record("the broken file was not refused")
                return
            }
            try folder.write("screens/beagle-mock.yml", "routes: []\n")
            #expect(server.server.reloadConfiguration() == .reloaded)
            _ = try await HTTPProbe.request(
                port: server.port, method: "DELETE", target: "/__admin/timeline")
            let after = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/metrics")).text
            #expect(Self.value(after, "beagle_mock_config_reloads_total") == 1)
            #expect(Self.value(after, "beagle_mock_config_reload_failures_total") == 1)
            #expect(!after.contains("beagle_mock_timeline_stage{"), "a stopped timeline has no stage")
        }
    }

    @Test func liveDevicesAreCountedByPlatform() async throws {
        try await withMockServer(files: Self.files, configure: { $0.livePreviewPort = 0 }) { server, _ in
            let port = try #require(server.livePreviewPort)
            let android = try await WebSocketUpgrade.connect(port: port, path: "/android")
            let text = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/metrics")).text
            #expect(Self.value(text, #"beagle_mock_live_preview_devices{platform="ANDROID"}"#) == 1)
            #expect(Self.value(text, #"beagle_mock_live_preview_devices{platform="IOS"}"#) == 0)
            await android.close()
        }
    }

    @Test func theAdminGateKeepsThemAsTheRestOfTheAdminAPI() async throws {
        try await withMockServer(
            files: Self.files,
            configure: {
                $0.host = "0.0.0.0"
                $0.adminToken = "s3cret"
            }
        ) { server, _ in
            _ = try await HTTPProbe.request(port: server.port, target: "/home")
            let refused = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/metrics"))
            #expect(refused.status == 401)
            let granted = try #require(
                try await HTTPProbe.request(
                    port: server.port, target: "/__admin/metrics", headers: [("Authorization", "Bearer s3cret")]))
            #expect(granted.status == 200)
            #expect(granted.text.contains("# TYPE beagle_mock_requests_total counter"))
        }
    }
}
