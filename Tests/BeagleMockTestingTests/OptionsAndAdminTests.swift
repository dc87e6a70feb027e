import BeagleMock
import Foundation
import Synchronization
import Testing

@testable import BeagleMockTesting

/// The trait's options reach the server, and the context's admin helpers act on it as the admin
/// API does.
@Suite struct OptionsAndAdminTests {
    @Test(.beagleMock("Fixtures/screens", seed: 7, latency: "200ms", faults: ["status:503"]))
    func optionsAreTheServersFlags() async throws {
        let mock = try #require(MockServerContext.current)
        let flags = mock.server.server.configuration.flags
        #expect(flags.seed == 7)
        #expect(flags.latency?.description == "200ms")
        #expect(try await Probe.get("/home", from: mock) == 503)
        let entry = try #require(try mock.journal().first)
        #expect(entry.latencyMs == 200)
        #expect(entry.fault == "status:503")
        // Flags are a layer below the runtime settings, which stay empty.
        #expect(mock.settings == MockRuntimeSettings())
    }

    /// The same seed draws the same faults: two servers with seed 7, eight requests each.
    @Test func theSeedRepeatsTheDraws() async throws {
        let draws = Mutex<[[String?]]>([])
        let test = try #require(Test.current)
        for _ in 0..<2 {
            let trait: BeagleMockTrait = .beagleMock("Fixtures/screens", seed: 7, faults: ["status:503@0.5"])
            try await trait.provideScope(for: test, testCase: Test.Case.current) {
                let mock = try #require(MockServerContext.current)
                for _ in 0..<8 { _ = try await Probe.get("/home", from: mock) }
                let faults = try mock.journal().reversed().map(\.fault)
                draws.withLock { $0.append(faults) }
            }
        }
        let both = draws.withLock { $0 }
        #expect(both.count == 2)
        #expect(both.first == both.last)
        #expect(both.first?.contains("status:503") == true)
        #expect(both.first?.contains(nil) == true)
    }

    @Test(.beagleMock("Fixtures/screens", configFile: "Fixtures/rules.yml"))
    func theConfigFileIsRead() async throws {
        let mock = try #require(MockServerContext.current)
        #expect(try await Probe.get("/details", from: mock) == 200)
        let entry = try #require(try mock.journal(path: "/details").first)
        #expect(entry.latencyMs == 123)
        #expect(entry.rule != nil)
    }

    @Test(.beagleMock("Fixtures/screens", timeline: "deploy", configFile: "Fixtures/rules.yml"))
    func aTestRunsUnderATimeline() async throws {
        let mock = try #require(MockServerContext.current)
        #expect(try await Probe.get("/home", from: mock) == 503)
        mock.stopTimeline()
        #expect(try await Probe.get("/home", from: mock) == 200)
        try mock.startTimeline("deploy")
        #expect(try await Probe.get("/home", from: mock) == 503)
        #expect(throws: MockAdminError.self) { try mock.startTimeline("nowhere") }
        let entry = try #require(try mock.journal(limit: 1).first)
        #expect(entry.fault == "status:503")
        #expect(entry.stage?.timeline == "deploy" && entry.stage?.index == 0 && entry.stage?.name == "stage 1")
    }

    @Test(.beagleMock("Fixtures/screens"))
    func settingsChangeAtRunTime() async throws {
        let mock = try #require(MockServerContext.current)
        try mock.updateSettings {
            $0.latency = "30ms"
            $0.seed = 11
            $0.echo = .headers(["X-Trace"])
        }
        #expect(mock.settings == MockRuntimeSettings(latency: "30ms", echo: .headers(["X-Trace"]), seed: 11))
        try mock.updateSettings { $0.faults = ["status:418"] }
        #expect(mock.settings.latency == "30ms")
        #expect(try await Probe.get("/home", from: mock) == 418)
        #expect(try mock.journal().first?.latencyMs == 30)
    }

    /// A refused change names the field with the admin API's message, and changes nothing.
    @Test(.beagleMock("Fixtures/screens"))
    func aBadSettingIsRefusedWhole() async throws {
        let mock = try #require(MockServerContext.current)
        let error = #expect(throws: MockAdminError.self) {
            try mock.updateSettings {
                $0.latency = "50ms"
                $0.faults = ["boom"]
            }
        }
        #expect(error?.field == "faults[0]")
        #expect(error?.message.contains("boom") == true)
        #expect(mock.settings == MockRuntimeSettings())
    }

    @Test(.beagleMock("Fixtures/screens"))
    func theJournalFiltersAsTheAdminAPIDoes() async throws {
        let mock = try #require(MockServerContext.current)
        for path in ["/home", "/details", "/home?__fault=status:503"] {
            _ = try await Probe.get(path, from: mock)
        }
        #expect(try mock.journal().map(\.path) == ["/home", "/details", "/home"])
        #expect(try mock.journal(path: "/home").map(\.query) == ["__fault=status:503", ""])
        #expect(try mock.journal(limit: 1).map(\.fault) == ["status:503"])
        #expect(try mock.journal(path: "/det*").map(\.path) == ["/details"])
        let badLimit = #expect(throws: MockAdminError.self) { try mock.journal(limit: 0) }
        #expect(badLimit?.field == "limit")
        let badPattern = #expect(throws: MockAdminError.self) { try mock.journal(path: "home") }
        #expect(badPattern?.field == "path")
        #expect(mock.clearJournal() == 3)
        #expect(try mock.journal().isEmpty)
    }

    @Test(.beagleMock("Fixtures/screens"))
    func resetClearsTheJournalAndTheSettings() async throws {
        let mock = try #require(MockServerContext.current)
        try mock.updateSettings { $0.faults = ["status:500"] }
        #expect(try await Probe.get("/home", from: mock) == 500)
        #expect(mock.reset() == 1)
        #expect(mock.settings == MockRuntimeSettings())
        #expect(try mock.journal().isEmpty)
        #expect(try await Probe.get("/home", from: mock) == 200)
    }

    @Test func relativePathsAreTheSourceFilesFolders() {
        let options = ServerOptions(
            screens: "Fixtures/screens", seed: nil, latency: nil, faults: [], configFile: nil, imagesDirectory: nil,
            filePath: "/work/App/Tests/AppTests/HomeTests.swift")
        #expect(options.resolve("Fixtures/screens") == "/work/App/Tests/AppTests/Fixtures/screens")
        #expect(options.resolve("../Shared/screens") == "/work/App/Tests/Shared/screens")
        #expect(options.resolve("/srv/screens") == "/srv/screens")
    }
}
