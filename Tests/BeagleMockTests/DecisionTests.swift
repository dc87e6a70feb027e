import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

@Suite struct DecisionTests {
    func config(_ yaml: String) throws -> MockConfiguration {
        try ConfigLoader.parse(yaml: yaml)
    }

    func outcomes(_ plan: SettingsStore, method: String = "GET", path: String, count: Int, control: RequestControl = .none)
        -> [RequestPlan]
    {
        (0..<count).map { _ in plan.requestPlan(method: method, path: path, control: control) }
    }

    // MARK: Rates

    @Test(arguments: [1, 2, 3, 42, 0xDEAD_BEEF] as [UInt64])
    func aRateOfAFifthLandsWithinStatisticalBounds(seed: UInt64) throws {
        let plan = SettingsStore(configuration: try config("faults: [{fault: \"status:503\", rate: 0.2}]\n"), randomSeed: seed)
        // 2,000 requests to one path (consecutive n) and 2,000 to distinct paths (n = 0 each).
        let samePath = outcomes(plan, path: "/home", count: 2_000).filter { $0.fault == .status(503) }.count
        let manyPaths = (0..<2_000).map { plan.requestPlan(method: "GET", path: "/item/\($0)") }.filter {
            $0.fault == .status(503)
        }
        .count
        // Binomial(2000, 0.2): mean 400, sigma ≈ 17.9; 4.5 sigma ≈ 80.
        for count in [samePath, manyPaths] {
            #expect(count > 320 && count < 480, "seed \(seed): \(count) faults in 2,000")
        }
    }

    @Test func twoRulesSplitTheDrawInOrder() throws {
        let plan = SettingsStore(configuration: try config("faults: [\"status:503@0.3\", \"reset@0.1\"]\n"), randomSeed: 5)
        let decisions = outcomes(plan, path: "/x", count: 4_000)
        let status = decisions.filter { $0.fault == .status(503) }.count
        let reset = decisions.filter { $0.fault == .reset }.count
        // 0.3 × 4000 = 1200 (sigma 29); 0.1 × 4000 = 400 (sigma 19).
        #expect(abs(status - 1_200) < 140)
        #expect(abs(reset - 400) < 95)
        #expect(decisions.allSatisfy { $0.closesConnection })
    }

    @Test func ratesOfZeroAndOneAreExact() throws {
        let never = SettingsStore(configuration: try config("faults: [\"reset@0\"]\n"))
        #expect(outcomes(never, path: "/a", count: 500).allSatisfy { $0.fault == .none && !$0.closesConnection })
        let always = SettingsStore(configuration: try config("faults: [\"status:500\"]\n"))
        #expect(outcomes(always, path: "/a", count: 500).allSatisfy { $0.fault == .status(500) && !$0.closesConnection })
    }

    @Test func connectionCloseIsSetWheneverAnEndingFaultCouldBeDrawn() throws {
        let plan = SettingsStore(configuration: try config("faults: [\"reset@0.01\", \"status:500@0.5\"]\n"), randomSeed: 9)
        let decisions = outcomes(plan, path: "/a", count: 300)
        #expect(decisions.contains { $0.fault == .none })
        #expect(decisions.allSatisfy { $0.closesConnection })
        let sequence = SettingsStore(configuration: try config("sequence: [ok, ok, hang]\n"))
        #expect(outcomes(sequence, path: "/a", count: 3).allSatisfy { $0.closesConnection })
    }

    // MARK: Determinism

    @Test func sameSeedAndRequestsGiveTheSameOutcomes() throws {
        let yaml = """
            latency: 10ms..500ms
            faults: ["status:503@0.2", "reset@0.1"]
            routes:
              - path: /images/**
                latency: lognormal:100ms,0.5
                faults: ["corrupt@0.3"]
            """
        func run() throws -> [String] {
            let plan = SettingsStore(configuration: try config(yaml), commandLine: CommandLineSettings(seed: 1234))
            var log: [String] = []
            for index in 0..<300 {
                let path = ["/home", "/images/a.png", "/images/b.png", "/cart"][index % 4]
                let method = index % 5 == 0 ? "POST" : "GET"
                log.append("\(method) \(path) \(plan.requestPlan(method: method, path: path).summary)")
            }
            return log
        }
        let first = try run()
        let second = try run()
        #expect(first == second)
        #expect(Set(first).count > 100)
    }

    @Test func interleavedRequestsToOtherPathsDoNotChangeAPathsOutcomes() throws {
        let yaml = "latency: 0ms..1s\nfaults: [\"status:503@0.3\", \"reset@0.2\"]\n"
        let alone = SettingsStore(configuration: try config(yaml), randomSeed: 77)
        let expected = outcomes(alone, path: "/checkout", count: 200)

        let busy = SettingsStore(configuration: try config(yaml), randomSeed: 77)
        var observed: [RequestPlan] = []
        for index in 0..<200 {
            for other in 0..<(index % 4) {
                _ = busy.requestPlan(method: "GET", path: "/image/\(index)-\(other)")
                _ = busy.requestPlan(method: "POST", path: "/checkout")
            }
            observed.append(busy.requestPlan(method: "GET", path: "/checkout"))
        }
        #expect(observed == expected)
    }

    @Test func parallelRequestsKeepEachPathsOutcomes() async throws {
        let yaml = "faults: [\"status:503@0.5\"]\n"
        let reference = SettingsStore(configuration: try config(yaml), randomSeed: 3)
        let expected = (0..<8).map { path in outcomes(reference, path: "/p\(path)", count: 100).map(\.fault) }

        let shared = SettingsStore(configuration: try config(yaml), randomSeed: 3)
        let observed = await withTaskGroup(of: (Int, [Fault]).self) { group in
            for path in 0..<8 {
                group.addTask { (path, (0..<100).map { _ in shared.requestPlan(method: "GET", path: "/p\(path)").fault }) }
            }
            var results = Array(repeating: [Fault](), count: 8)
            for await (path, faults) in group { results[path] = faults }
            return results
        }
        #expect(observed == expected)
    }

    @Test func differentSeedsGiveDifferentOutcomes() throws {
        let configuration = try config("latency: 0ms..1s\nfaults: [\"status:503@0.5\"]\n")
        let a = outcomes(SettingsStore(configuration: configuration, randomSeed: 1), path: "/a", count: 100)
        let b = outcomes(SettingsStore(configuration: configuration, randomSeed: 2), path: "/a", count: 100)
        #expect(a.map(\.fault) != b.map(\.fault))
        #expect(a.map(\.latency) != b.map(\.latency))
        #expect(a.allSatisfy { $0.seed == 1 })
    }

    @Test func aLatencyDoesNotChangeWhichRequestsFail() throws {
        let without = SettingsStore(configuration: try config("faults: [\"reset@0.4\"]\n"), randomSeed: 11)
        let with = SettingsStore(configuration: try config("faults: [\"reset@0.4\"]\nlatency: 1ms..2s\n"), randomSeed: 11)
        #expect(outcomes(without, path: "/a", count: 200).map(\.fault) == outcomes(with, path: "/a", count: 200).map(\.fault))
    }

    @Test func headIsCountedApartFromGetAndJSONPathsShareTheRoute() throws {
        let plan = SettingsStore(configuration: try config("sequence: [\"status:500\", ok]\n"))
        #expect(plan.requestPlan(method: "GET", path: "/home").fault == .status(500))
        #expect(plan.requestPlan(method: "HEAD", path: "/home").fault == .status(500))
        #expect(plan.requestPlan(method: "get", path: "/home.json").fault == .none)
        #expect(plan.requestPlan(method: "GET", path: "//home/").requestIndex == 2)
    }

    @Test func seedsComeFromTheHighestLayerOrAreRandom() throws {
        let fileSeed = try config("seed: 7\n")
        #expect(SettingsStore(configuration: fileSeed, randomSeed: 99).seed == 7)
        #expect(SettingsStore(configuration: fileSeed, commandLine: CommandLineSettings(seed: 8), randomSeed: 99).seed == 8)
        let overridden = SettingsStore(
            configuration: fileSeed, commandLine: CommandLineSettings(seed: 8), runtime: RuntimeSettings(seed: 9))
        #expect(overridden.seed == 9)
        #expect(overridden.requestPlan(method: "GET", path: "/").seed == 9)
        let random = SettingsStore(randomSeed: 12_345)
        #expect(random.seed == 12_345)
        #expect(random.activeSettings.seedIsRandom)
        #expect(!SettingsStore(configuration: fileSeed).activeSettings.seedIsRandom)
        #expect(SettingsStore().fallbackSeed != SettingsStore().fallbackSeed)
    }

    // MARK: Sequences, counters, reset

    @Test func sequencesGiveEachRequestItsEntryPerRuleMethodAndPath() throws {
        let plan = SettingsStore(
            configuration: try config(
                """
                routes:
                  - path: /flaky
                    sequence: ["status:500", "status:500", ok]
                """))
        #expect(outcomes(plan, path: "/flaky", count: 5).map(\.fault) == [.status(500), .status(500), .none, .none, .none])
        #expect(outcomes(plan, method: "POST", path: "/flaky", count: 3).map(\.fault) == [.status(500), .status(500), .none])
        #expect(plan.requestPlan(method: "GET", path: "/other").fault == .none)
        #expect(plan.requestPlan(method: "GET", path: "/flaky").requestIndex == 5)
    }

    @Test func resetStartsCountersOverAndClearsOverrides() throws {
        let plan = SettingsStore(configuration: try config("sequence: [\"status:500\", ok]\n"))
        plan.replaceRuntime(RuntimeSettings(latency: .fixed(.seconds(1))))
        #expect(plan.requestPlan(method: "GET", path: "/a").fault == .status(500))
        #expect(plan.requestPlan(method: "GET", path: "/a").fault == .none)
        plan.reset()
        #expect(plan.runtimeSettings == .none)
        let after = plan.requestPlan(method: "GET", path: "/a")
        #expect(after.fault == .status(500))
        #expect(after.latency == .zero)
        #expect(after.requestIndex == 0)
        _ = plan.requestPlan(method: "GET", path: "/a")
        plan.replaceRuntime(RuntimeSettings(seed: 5))
        plan.counters.removeAll()
        #expect(plan.requestPlan(method: "GET", path: "/a").requestIndex == 0)
        #expect(plan.runtimeSettings.seed == 5)
    }

    @Test func aReloadResetsOnlyTheCountersOfChangedRules() throws {
        let original = try config(
            """
            routes:
              - path: /kept
                sequence: ["status:500", "status:501", "status:502"]
              - path: /changed
                sequence: ["status:500", "status:501", "status:502"]
            """)
        let plan = SettingsStore(configuration: original)
        for path in ["/kept", "/changed"] { _ = outcomes(plan, path: path, count: 2) }
        let changed = plan.replaceConfiguration(
            try config(
                """
                # the kept rule moved down, the other changed
                routes:
                  - path: /changed
                    sequence: ["status:500", "status:501", "status:503"]
                  - path: /kept
                    sequence: ["status:500", "status:501", "status:502"]
                """))
        #expect(changed == 1)
        #expect(plan.requestPlan(method: "GET", path: "/kept").fault == .status(502))
        #expect(plan.requestPlan(method: "GET", path: "/changed").fault == .status(500))
        #expect(plan.configuration.routes.first?.glob.pattern == "/changed")
    }

    @Test func manyDistinctPathsDoNotGrowCountersWithoutBound() throws {
        let plan = SettingsStore(
            configuration: try config("sequence: [\"status:500\", ok]\n"),
            commandLine: CommandLineSettings(),
            runtime: .none,
            randomSeed: 1,
            counterKeyLimit: 100
        )
        #expect(plan.requestPlan(method: "GET", path: "/first").fault == .status(500))
        #expect(plan.requestPlan(method: "GET", path: "/first").fault == .none)
        for index in 0..<99 { _ = plan.requestPlan(method: "GET", path: "/scan/\(index)") }
        // 100 keys: a known key still counts on.
        #expect(plan.requestPlan(method: "GET", path: "/first").requestIndex == 2)
        // A new key past the bound starts the table over, like a reset.
        _ = plan.requestPlan(method: "GET", path: "/scan/new")
        #expect(plan.requestPlan(method: "GET", path: "/first").fault == .status(500))
    }

    // MARK: Decisions

    @Test func hangSkipsLatencyAndDecisionsDescribeThemselves() throws {
        let plan = SettingsStore(configuration: try config("latency: 200ms\nfaults: [hang]\n"))
        let hang = plan.requestPlan(method: "GET", path: "/a")
        #expect(hang.fault == .hang && hang.latency == .zero && hang.closesConnection)
        #expect(hang.summary == "latency=0ms fault=hang")
        let paced = SettingsStore(configuration: try config("latency: 200ms\nbandwidth: 64KiB/s\n")).requestPlan(
            method: "GET", path: "/a")
        #expect(paced.summary == "latency=200ms fault=- bandwidth=64KiB/s")
        #expect(paced.pacing == .bandwidth(bytesPerSecond: 65_536))
        #expect(paced.rule == nil)
    }

    @Test func activeSettingsDescribeTheGlobals() throws {
        let plan = SettingsStore(
            configuration: try config(ConfigLoaderTests.specExample),
            commandLine: CommandLineSettings(latency: .fixed(.milliseconds(10)))
        )
        let active = plan.activeSettings
        #expect(active.latency == .fixed(.milliseconds(10)))
        #expect(active.routeRuleCount == 3)
        #expect(active.description == "seed=7 latency=10ms bandwidth=1MiB/s faults=status:500@0.01 routes=3")
        #expect(plan.echo == .allHeaders)
        #expect(plan.cors)
        #expect(plan.beagleCache?.maxAgeSeconds == 30)
        #expect(plan.hangMax == .seconds(300))
        #expect(plan.journalSize == 1_000)
    }

    /// A drawn latency is logged to the millisecond (`208ms`), a written one as written (`1.5s`).
    @Test func drawnLatenciesAreLoggedToTheMillisecond() {
        #expect(RequestPlan(latency: .nanoseconds(208_007_366)).latencyDescription == "208ms")
        #expect(RequestPlan(latency: .microseconds(2_460)).latencyDescription == "2.5ms")
        #expect(RequestPlan(latency: .milliseconds(1_500)).latencyDescription == "1.5s")
        #expect(RequestPlan(latency: .zero).summary == "latency=0ms fault=-")
    }
}
