import HTTPTypes

@testable import BeagleMock
@testable import BeagleMockEngine

/// The plan stage over a store's current snapshot, as the pipeline runs it for one request:
/// tests of the draw and of precedence call it directly.
extension SettingsStore {
    func requestPlan(method: String, path: String, control: RequestControl = .none) -> RequestPlan {
        RequestPlanner(counters: counters, scenarios: scenarios).plan(
            method: HTTPRequest.Method(method.uppercased()) ?? .get, path: path, control: control, settings: snapshot)
    }

    var configuration: MockConfiguration { snapshot.configuration }
    var runtimeSettings: RuntimeSettings { snapshot.runtime }
    var seed: UInt64 { snapshot.seed }
    var echo: EchoSetting { snapshot.echo }
    var cors: Bool { snapshot.cors }
    var hangMax: Duration { snapshot.hangMax }
    var journalSize: Int { snapshot.journalSize }
    var beagleCache: BeagleCacheSettings? { snapshot.beagleCache }
    var activeSettings: ActiveFaultSettings { snapshot.activeSettings }
    var fallbackSeed: UInt64 { snapshot.fallbackSeed }
}

extension RouteRule {
    /// Matching by a method's name, as the tests write them.
    func matches(method: String, path: String) -> Bool {
        matches(method: HTTPRequest.Method(method.uppercased()) ?? .get, path: path)
    }
}
