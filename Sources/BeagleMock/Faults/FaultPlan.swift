import Synchronization

/// Decides, for every request, the latency, pacing and fault it gets (SPEC sections 2–4), from the
/// config file, the command line, runtime overrides and per-request control, deterministically
/// from a seed.
///
/// The n-th request to a (rule, method, path) gets an outcome that is a pure function of (seed,
/// rule, method, path, n): a counter per key, and draws from a ``SeededRandom`` keyed by that tuple,
/// so requests to other paths, in any order or in parallel, cannot change which request fails.
/// "Rule" is the first matching route rule (by its pattern and methods), or the globals when none
/// matches. Counters belong to a rule's content: a reload that leaves a rule unchanged keeps its
/// counters, one that changes it starts them over. The server does not call ``decide(method:path:control:)`` for CORS preflight
/// or `/__admin`, so those are not counted.
///
/// Thread-safe: state sits behind a `Mutex`, held only to copy a reference and bump a counter.
public final class FaultPlan: Sendable {
    /// What the command line set; fixed for the plan's life.
    public let commandLine: CommandLineSettings
    /// The seed used when no layer sets one, chosen at random when the plan was made.
    public let fallbackSeed: UInt64

    /// Past this many distinct (rule, method, path) keys the counters start over, as after a reset:
    /// it bounds memory when something walks thousands of distinct paths.
    public static let maximumCounterKeys = 100_000

    private let state: Mutex<State>
    /// ``maximumCounterKeys``, lowered by tests that check the bound without 100,000 requests.
    private let counterKeyLimit: Int
    private static let globalIdentity = stableHash("global")

    private struct State: Sendable {
        var compiled: CompiledConfiguration
        var runtime: RuntimeSettings
        var counters: [CounterKey: UInt64] = [:]
        var generation: UInt64 = 0
    }

    private struct CounterKey: Hashable, Sendable {
        /// The rule's content fingerprint: counters of a changed rule are dropped on reload.
        let rule: UInt64
        /// The rule's identity (pattern and methods, or the globals), which the draw hashes.
        let identity: UInt64
        let method: String
        let path: String
    }

    /// An immutable config with what every request needs precomputed; a class so that taking a
    /// snapshot under the lock is one reference copy.
    private final class CompiledConfiguration: Sendable {
        let configuration: MockConfiguration
        let globalFingerprint: UInt64
        let fingerprints: Set<UInt64>

        init(_ configuration: MockConfiguration) {
            self.configuration = configuration
            globalFingerprint = stableHash("global \(configuration.globals)")
            fingerprints = Set(configuration.routes.map(\.fingerprint)).union([globalFingerprint])
        }
    }

    /// Creates a plan. `randomSeed` is used only when no runtime override, `--seed` or `seed:` sets
    /// one; by default it is drawn from the system generator.
    public convenience init(
        configuration: MockConfiguration = .empty,
        commandLine: CommandLineSettings = CommandLineSettings(),
        runtime: RuntimeSettings = .none,
        randomSeed: UInt64 = UInt64.random(in: .min ... .max)
    ) {
        self.init(
            configuration: configuration, commandLine: commandLine, runtime: runtime, randomSeed: randomSeed,
            counterKeyLimit: Self.maximumCounterKeys)
    }

    init(
        configuration: MockConfiguration,
        commandLine: CommandLineSettings,
        runtime: RuntimeSettings,
        randomSeed: UInt64,
        counterKeyLimit: Int
    ) {
        self.counterKeyLimit = counterKeyLimit
        self.commandLine = commandLine
        self.fallbackSeed = randomSeed
        self.state = Mutex(State(compiled: CompiledConfiguration(configuration), runtime: runtime))
    }

    // MARK: Deciding

    /// Decides what the request gets and counts it. `path` is the percent-decoded path without the
    /// query; `control` is the request's parsed control headers or query parameters.
    public func decide(method: String, path: String, control: RequestControl = .none) -> FaultDecision {
        let method = Self.uppercased(method)
        while true {
            let (compiled, runtime, generation) = state.withLock { ($0.compiled, $0.runtime, $0.generation) }
            let configuration = compiled.configuration
            // Splitting the path is only needed to match route rules.
            let requestPath = configuration.routes.isEmpty ? nil : PathSegments(path)
            let matched = requestPath.flatMap { requestPath in
                configuration.routes.first { $0.matches(method: method, path: requestPath) }
            }
            let key = CounterKey(
                rule: matched?.fingerprint ?? compiled.globalFingerprint,
                identity: matched?.identity ?? Self.globalIdentity,
                method: method,
                path: requestPath?.canonical ?? PathSegments.canonical(of: path)
            )
            let index: UInt64? = state.withLock { state in
                // A reload between the two locks may have dropped this rule's counters; start over
                // rather than resurrect a counter for a rule that is gone.
                guard state.generation == generation else { return nil }
                if state.counters.count >= self.counterKeyLimit, state.counters[key] == nil {
                    state.counters.removeAll(keepingCapacity: true)
                }
                let index = state.counters[key, default: 0]
                state.counters[key] = index &+ 1
                return index
            }
            guard let index else { continue }
            let seed = runtime.seed ?? commandLine.seed ?? configuration.seed ?? fallbackSeed
            return Self.resolve(
                layers: Layers(
                    request: control.layer,
                    runtime: runtime.layer,
                    route: matched?.layer ?? .empty,
                    commandLine: commandLine.layer,
                    file: configuration.globals
                ),
                key: key,
                index: index,
                seed: seed,
                rule: matched?.description
            )
        }
    }

    /// The five layers of SPEC section 4, highest first (defaults are the absence of all).
    private struct Layers {
        let request: ControlLayer
        let runtime: ControlLayer
        let route: ControlLayer
        let commandLine: ControlLayer
        let file: ControlLayer

        /// The value from the highest layer that sets it, and that layer's rank (0 highest).
        /// A closure rather than a key path: this runs on every request, and key path reads go
        /// through the runtime (generic metadata, projection) where a closure is inlined.
        @inline(__always)
        func first<T>(_ field: (ControlLayer) -> T?) -> (value: T, rank: Int)? {
            if let value = field(request) { return (value, 0) }
            if let value = field(runtime) { return (value, 1) }
            if let value = field(route) { return (value, 2) }
            if let value = field(commandLine) { return (value, 3) }
            if let value = field(file) { return (value, 4) }
            return nil
        }
    }

    private static func resolve(layers: Layers, key: CounterKey, index: UInt64, seed: UInt64, rule: String?) -> FaultDecision {
        var draw = seed
        draw = SeededRandom.combine(draw, key.identity)
        draw = SeededRandom.combine(draw, stableHash(key.method))
        draw = SeededRandom.combine(draw, stableHash(key.path))
        draw = SeededRandom.combine(draw, index)
        // Separate streams, so that setting a latency never changes which request fails.
        var faultRandom = SeededRandom(seed: SeededRandom.combine(draw, 1))
        var latencyRandom = SeededRandom(seed: SeededRandom.combine(draw, 2))

        let faults = layers.first { $0.faults }
        let sequence = layers.first { $0.sequence }.flatMap { $0.value.steps.isEmpty ? nil : $0 }
        let fault: Fault
        let mayEndConnection: Bool
        if let sequence, sequence.rank <= (faults?.rank ?? Int.max) {
            fault = sequence.value.step(at: index) ?? .none
            mayEndConnection = sequence.value.mayEndConnection
        } else if let faults {
            fault = faults.value.pick(faultRandom.nextUnit())
            mayEndConnection = faults.value.mayEndConnection
        } else {
            fault = .none
            mayEndConnection = false
        }

        let latencySpec = layers.first { $0.latency }?.value ?? .none
        let latency = fault == .hang ? .zero : latencySpec.draw(using: &latencyRandom)
        return FaultDecision(
            latency: latency,
            pacing: Pacing(bandwidth: layers.first { $0.bandwidth }?.value, dribble: layers.first { $0.dribble }?.value),
            fault: fault,
            response: layers.first { $0.response }?.value,
            closesConnection: mayEndConnection,
            seed: seed,
            requestIndex: index,
            rule: rule
        )
    }

    /// Methods arrive upper-case almost always; only build a new string when they do not.
    private static func uppercased(_ method: String) -> String {
        method.utf8.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") } ? method.uppercased() : method
    }

    // MARK: Changing

    /// Swaps in a new config file atomically (live reload). Counters of rules that are unchanged
    /// stay; those of changed or removed rules (and of the globals, when they changed) are dropped.
    /// Returns how many route rules are new or changed.
    @discardableResult
    public func replaceConfiguration(_ configuration: MockConfiguration) -> Int {
        let compiled = CompiledConfiguration(configuration)
        return state.withLock { state in
            let changed = compiled.configuration.routes.filter { !state.compiled.fingerprints.contains($0.fingerprint) }.count
            state.counters = state.counters.filter { compiled.fingerprints.contains($0.key.rule) }
            state.compiled = compiled
            state.generation &+= 1
            return changed
        }
    }

    /// Replaces the runtime overrides (`PUT /__admin/settings`). Counters are kept; call
    /// ``resetCounters()`` too for a fresh start.
    public func setRuntimeSettings(_ settings: RuntimeSettings) {
        state.withLock { $0.runtime = settings }
    }

    /// Clears the sequence counters and the runtime overrides (`POST /__admin/reset`).
    public func reset() {
        state.withLock { state in
            state.counters.removeAll()
            state.runtime = .none
            state.generation &+= 1
        }
    }

    /// Clears the sequence counters only: the next request to every (rule, method, path) is number 0 again.
    public func resetCounters() {
        state.withLock { state in
            state.counters.removeAll()
            state.generation &+= 1
        }
    }

    // MARK: Reading

    /// The config file in force.
    public var configuration: MockConfiguration {
        state.withLock { $0.compiled }.configuration
    }

    /// The runtime overrides in force.
    public var runtimeSettings: RuntimeSettings {
        state.withLock { $0.runtime }
    }

    /// The seed in force: runtime override, then `--seed`, then `seed:`, then the random fallback.
    public var seed: UInt64 {
        let (compiled, runtime) = state.withLock { ($0.compiled, $0.runtime) }
        return runtime.seed ?? commandLine.seed ?? compiled.configuration.seed ?? fallbackSeed
    }

    /// The header echo in force: runtime override, then `--echo`, then `echo:`, then off.
    public var echo: EchoSetting {
        let (compiled, runtime) = state.withLock { ($0.compiled, $0.runtime) }
        return runtime.echo ?? (commandLine.echo ? .allHeaders : nil) ?? compiled.configuration.echo ?? .off
    }

    /// Whether CORS is on: off with `--no-cors` or `cors: false`, on by default.
    public var cors: Bool {
        !commandLine.noCORS && (configuration.cors ?? true)
    }

    /// Beagle's cache protocol settings, when `beagleCache:` is set.
    public var beagleCache: BeagleCacheSettings? {
        configuration.beagleCache
    }

    /// When a hang gives up: `--hang-max`, then `hangMax:`, then 5 minutes.
    public var hangMax: Duration {
        commandLine.hangMax ?? configuration.hangMax ?? MockConfiguration.defaultHangMax
    }

    /// The journal's size: `--journal-size`, then `journalSize:`, then 1,000.
    public var journalSize: Int {
        commandLine.journalSize ?? configuration.journalSize ?? MockConfiguration.defaultJournalSize
    }

    /// What applies where no route rule matches, for the banner.
    public var activeSettings: ActiveFaultSettings {
        let (compiled, runtime) = state.withLock { ($0.compiled, $0.runtime) }
        let configuration = compiled.configuration
        let layers = Layers(
            request: .empty, runtime: runtime.layer, route: .empty, commandLine: commandLine.layer, file: configuration.globals)
        let faults = layers.first { $0.faults }
        let sequence = layers.first { $0.sequence }.flatMap { $0.value.steps.isEmpty ? nil : $0 }
        let sequenceWins = sequence.map { $0.rank <= (faults?.rank ?? Int.max) } ?? false
        let chosenSeed = runtime.seed ?? commandLine.seed ?? configuration.seed
        return ActiveFaultSettings(
            latency: layers.first { $0.latency }?.value ?? .none,
            pacing: Pacing(bandwidth: layers.first { $0.bandwidth }?.value, dribble: layers.first { $0.dribble }?.value),
            faults: sequenceWins ? .empty : faults?.value ?? .empty,
            sequence: sequenceWins ? sequence?.value : nil,
            routeRuleCount: configuration.routes.count,
            seed: chosenSeed ?? fallbackSeed,
            seedIsRandom: chosenSeed == nil
        )
    }
}
