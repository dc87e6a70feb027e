import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// Network profiles (Docs/LatencyAndFaults.md, "Network profiles"): names, what each sets, and
/// every place that takes one.
@Suite struct NetworkProfileTests {
    @Test func everyProfileSetsLatencyBandwidthAndFaults() throws {
        for profile in NetworkProfile.allCases {
            let settings = profile.settings
            #expect(settings.latency != nil, "\(profile)")
            #expect(settings.bandwidth != nil, "\(profile)")
            #expect(settings.faults != nil, "\(profile)")
            #expect(try NetworkProfile(spec: profile.rawValue) == profile)
        }
        #expect(NetworkProfile.lossyWifi.settings.faults?.rules.map(\.description) == ["reset@0.03", "hang@0.01"])
        #expect(NetworkProfile.offline.settings.faults?.rules.map(\.description) == ["reset"])
        #expect(NetworkProfile.threeG.settings.bandwidth == .bytesPerSecond(150_000))
    }

    @Test func anUnknownNameSuggestsTheClosest() {
        #expect(throws: SpecError.self) { try NetworkProfile(spec: "3G") }
        do {
            _ = try NetworkProfile(spec: "lossy-wfi")
        } catch {
            #expect(error.message.contains("did you mean lossy-wifi?"))
        }
    }

    @Test func aLayerKeepsWhatItSetsItself() throws {
        let layer = SettingsLayer(latency: .fixed(.milliseconds(5))).filled(by: .edge)
        #expect(layer.latency == .fixed(.milliseconds(5)))
        #expect(layer.bandwidth == .bytesPerSecond(25_000))
        #expect(layer.faults == .empty)
        #expect(SettingsLayer.empty.filled(by: nil) == .empty)
    }

    @Test func flagsConfigAndRuntimeTakeAProfile() throws {
        let flags = try CommandLineSettings(
            latency: nil, faults: [], bandwidth: "1MiB/s", seed: nil, hangMax: nil, journalSize: nil, profile: "3g")
        #expect(flags.layer.latency == NetworkProfile.threeG.settings.latency)
        #expect(flags.layer.bandwidth == .bytesPerSecond(1 << 20))
        #expect(throws: FlagError.self) {
            try CommandLineSettings(
                latency: nil, faults: [], bandwidth: nil, seed: nil, hangMax: nil, journalSize: nil, profile: "5g")
        }
        let config = try ConfigLoader.parse(yaml: "profile: offline\nroutes:\n  - path: /images/**\n    profile: edge\n")
        #expect(config.globals.faults?.rules.map(\.description) == ["reset"])
        #expect(config.routes.first?.layer.bandwidth == .bytesPerSecond(25_000))
        #expect(throws: ConfigError.self) { try ConfigLoader.parse(yaml: "profile: 9g\n") }
        let runtime = try RuntimeSettings.decode(json: Data(#"{"profile":"lte","latency":"1s"}"#.utf8))
        #expect(runtime.layer.latency == .fixed(.seconds(1)))
        #expect(runtime.layer.bandwidth == .bytesPerSecond(12_500_000))
        #expect(String(decoding: runtime.jsonData(), as: UTF8.self).contains(#""profile":"lte""#))
        #expect(throws: RuntimeSettingsError.self) { try RuntimeSettings.decode(json: Data(#"{"profile":"LTE"}"#.utf8)) }
    }

    @Test func offlineResetsEveryRequest() async throws {
        try await withMockServer(files: ["screens/home.json": "{}"], configure: { $0.flags.profile = .offline }) { server, _ in
            for _ in 0..<3 {
                let connection = try await RawConnection.connect(port: server.port)
                try await connection.send("GET /home HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let (bytes, ending) = await connection.readToEnd()
                #expect(bytes.isEmpty)
                #expect(ending == .reset)
            }
        }
    }
}
