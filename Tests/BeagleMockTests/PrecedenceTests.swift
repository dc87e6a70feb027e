import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// Docs/Configuration.md: per-request control > runtime overrides > first matching route rule > flags >
/// config globals > defaults, field by field, each field whole.
@Suite struct PrecedenceTests {
    static let file = """
        latency: 50ms
        bandwidth: 1MiB/s
        faults: ["status:500"]
        routes:
          - path: /route/**
            methods: [GET]
            latency: 40ms
            faults: ["status:404"]
          - path: /route/**
            latency: 45ms
          - path: /cleared
            faults: []
          - path: /script
            sequence: ["status:502", ok]
          - path: /cart
            methods: [POST]
            response: {status: 422, headers: {X-Foo: bar}}
          - path: /dribbled
            dribble: 4x1s
        """

    func plan(commandLine: CommandLineSettings = CommandLineSettings(), runtime: RuntimeSettings = .none) throws -> SettingsStore
    {
        SettingsStore(
            configuration: try ConfigLoader.parse(yaml: Self.file), commandLine: commandLine, runtime: runtime, randomSeed: 1)
    }

    let flags = CommandLineSettings(
        latency: .fixed(.milliseconds(30)), faults: try? FaultRules(spec: "status:503"), bandwidth: .bytesPerSecond(1_000))
    let runtime = RuntimeSettings(
        latency: .fixed(.milliseconds(20)), faults: try? FaultRules(spec: "status:429"), bandwidth: .bytesPerSecond(2_000))
    let control = RequestControl(
        layer: SettingsLayer(
            latency: .fixed(.milliseconds(10)), bandwidth: .bytesPerSecond(3_000), faults: try? FaultRules(spec: "status:418")))

    @Test func defaultsApplyWithNothingSet() {
        let decision = SettingsStore(randomSeed: 1).requestPlan(method: "GET", path: "/home")
        #expect(decision.latency == .zero)
        #expect(decision.fault == .none)
        #expect(decision.pacing == .unpaced)
        #expect(decision.response == nil)
        #expect(!decision.closesConnection)
    }

    @Test func fileGlobalsApplyBelowEverything() throws {
        let decision = try plan().requestPlan(method: "GET", path: "/home")
        #expect(decision.latency == .milliseconds(50))
        #expect(decision.fault == .status(500))
        #expect(decision.pacing == .bandwidth(bytesPerSecond: 1_048_576))
    }

    @Test func flagsOverrideFileGlobals() throws {
        let decision = try plan(commandLine: flags).requestPlan(method: "GET", path: "/home")
        #expect(decision.latency == .milliseconds(30))
        #expect(decision.fault == .status(503))
        #expect(decision.pacing == .bandwidth(bytesPerSecond: 1_000))
    }

    @Test func theFirstMatchingRouteRuleOverridesFlagsFieldByField() throws {
        let plan = try plan(commandLine: flags)
        let get = plan.requestPlan(method: "GET", path: "/route/a")
        #expect(get.latency == .milliseconds(40))
        #expect(get.fault == .status(404))
        // The rule sets no bandwidth: that field still comes from the flags.
        #expect(get.pacing == .bandwidth(bytesPerSecond: 1_000))
        #expect(get.rule == "/route/** [GET]")
        // POST skips the GET rule and takes the second; its missing faults come from the flags.
        let post = plan.requestPlan(method: "POST", path: "/route/a")
        #expect(post.latency == .milliseconds(45))
        #expect(post.fault == .status(503))
        #expect(post.rule == "/route/**")
    }

    @Test func runtimeOverridesBeatRouteRules() throws {
        let decision = try plan(commandLine: flags, runtime: runtime).requestPlan(method: "GET", path: "/route/a")
        #expect(decision.latency == .milliseconds(20))
        #expect(decision.fault == .status(429))
        #expect(decision.pacing == .bandwidth(bytesPerSecond: 2_000))
    }

    @Test func perRequestControlBeatsEverything() throws {
        let plan = try plan(commandLine: flags, runtime: runtime)
        let decision = plan.requestPlan(method: "GET", path: "/route/a", control: control)
        #expect(decision.latency == .milliseconds(10))
        #expect(decision.fault == .status(418))
        #expect(decision.pacing == .bandwidth(bytesPerSecond: 3_000))
        // Control applies to one request only.
        #expect(plan.requestPlan(method: "GET", path: "/route/a").latency == .milliseconds(20))
    }

    @Test func emptyFaultsClearLowerLayers() throws {
        #expect(try plan(commandLine: flags).requestPlan(method: "GET", path: "/cleared").fault == .none)
        let cleared = try plan(runtime: RuntimeSettings(faults: .empty)).requestPlan(method: "GET", path: "/route/a")
        #expect(cleared.fault == .none)
        let none = RequestControl(layer: SettingsLayer(faults: try FaultRules(spec: "none")))
        #expect(try plan().requestPlan(method: "GET", path: "/home", control: none).fault == .none)
    }

    @Test func listsNeverMergeAndLatenciesNeverAdd() throws {
        // Flags say status:503 at rate 1, the file status:500 at rate 1: if lists merged, the sum
        // would be over 1; the flag list replaces the file's whole.
        let plan = try plan(
            commandLine: CommandLineSettings(latency: .fixed(.milliseconds(5)), faults: try FaultRules(spec: "reset@0")))
        let decisions = (0..<200).map { _ in plan.requestPlan(method: "GET", path: "/home") }
        #expect(decisions.allSatisfy { $0.fault == .none })
        #expect(decisions.allSatisfy { $0.latency == .milliseconds(5) })
    }

    @Test func aSequenceBeatsFaultsFromLowerLayersButNotHigherOnes() throws {
        let plan = try plan(commandLine: flags)
        #expect(plan.requestPlan(method: "GET", path: "/script").fault == .status(502))
        #expect(plan.requestPlan(method: "GET", path: "/script").fault == .none)
        let override = try self.plan(runtime: RuntimeSettings(faults: try FaultRules(spec: "status:429")))
        #expect(override.requestPlan(method: "GET", path: "/script").fault == .status(429))
        let sameLayer = SettingsStore(configuration: try ConfigLoader.parse(yaml: "faults: [\"status:500\"]\nsequence: [ok]\n"))
        #expect(sameLayer.requestPlan(method: "GET", path: "/").fault == .none)
        let clearedSequence = SettingsStore(
            configuration: try ConfigLoader.parse(
                yaml: "sequence: [hang]\nroutes:\n  - {path: /a, sequence: [], faults: [\"status:500\"]}\n"))
        #expect(clearedSequence.requestPlan(method: "GET", path: "/a").fault == .status(500))
    }

    @Test func responseOverridesComeFromTheMatchingRule() throws {
        let plan = try plan()
        let post = plan.requestPlan(method: "POST", path: "/cart")
        #expect(post.response?.status == 422)
        #expect(post.response?.headers.first?.value == "bar")
        #expect(plan.requestPlan(method: "GET", path: "/cart").response == nil)
    }

    @Test func dribbleReplacesBandwidthAndCanBeSwitchedOff() throws {
        let plan = try plan(runtime: runtime)
        #expect(plan.requestPlan(method: "GET", path: "/dribbled").pacing == .dribble(chunks: 4, duration: .seconds(1)))
        let off = RequestControl(layer: SettingsLayer(dribble: .off))
        #expect(plan.requestPlan(method: "GET", path: "/dribbled", control: off).pacing == .bandwidth(bytesPerSecond: 2_000))
        let unlimited = RequestControl(layer: SettingsLayer(bandwidth: .unlimited))
        #expect(plan.requestPlan(method: "GET", path: "/home", control: unlimited).pacing == .unpaced)
    }

    @Test func echoCorsAndLimitsFollowTheirOwnPrecedence() throws {
        let file = try ConfigLoader.parse(yaml: "echo: [Authorization]\ncors: false\nhangMax: 1m\njournalSize: 10\n")
        let fromFile = SettingsStore(configuration: file)
        #expect(fromFile.echo == .headers(["Authorization"]))
        #expect(!fromFile.cors)
        #expect(fromFile.hangMax == .seconds(60))
        #expect(fromFile.journalSize == 10)
        let flagged = SettingsStore(
            configuration: file, commandLine: CommandLineSettings(hangMax: .seconds(5), journalSize: 20, echo: true))
        #expect(flagged.echo == .allHeaders)
        #expect(flagged.hangMax == .seconds(5))
        #expect(flagged.journalSize == 20)
        flagged.replaceRuntime(RuntimeSettings(echo: .off))
        #expect(flagged.echo == .off)
        #expect(!SettingsStore(commandLine: CommandLineSettings(noCORS: true)).cors)
        #expect(SettingsStore().cors)
        #expect(SettingsStore().echo == .off)
    }

    @Test func aReloadChangesWhatTheFileLayerSays() throws {
        let plan = try plan()
        #expect(plan.requestPlan(method: "GET", path: "/home").latency == .milliseconds(50))
        plan.replaceConfiguration(try ConfigLoader.parse(yaml: "latency: 70ms\n"))
        #expect(plan.requestPlan(method: "GET", path: "/home").latency == .milliseconds(70))
        #expect(plan.requestPlan(method: "GET", path: "/route/a").fault == .none)
    }
}
