import BeagleMockHTTP

/// Every layer of settings but the request's own, fixed: what one request reads, once, so that a
/// reload or a `PUT /__admin/settings` in the middle of it cannot mix two configurations.
///
/// Immutable, and a class so that taking one is a single reference copy. ``SettingsStore`` swaps in
/// a new snapshot whole on every change.
package final class SettingsSnapshot: Sendable {
    /// The config file in force.
    package let configuration: MockConfiguration
    /// The runtime overrides in force.
    package let runtime: RuntimeSettings
    /// What the command line set.
    package let flags: CommandLineSettings
    /// The seed used when no layer sets one, chosen at random when the server started.
    package let fallbackSeed: UInt64

    /// The server-wide fields, resolved.
    package let seed: UInt64
    /// True when no layer sets a seed, so ``seed`` is the random fallback (the banner says so).
    package let seedIsRandom: Bool
    /// Header echo in force.
    package let echo: EchoSetting
    /// Whether CORS is on.
    package let cors: Bool
    /// When a hang gives up.
    package let hangMax: Duration
    /// How many requests the journal keeps.
    package let journalSize: Int
    /// Beagle's cache protocol, when on.
    package let beagleCache: BeagleCacheSettings?
    /// Whether screen files with `{{` are rendered (the config's `templates:`, on by default).
    package let templates: Bool
    /// The most one rendering may do (the config's `templateLimits:`).
    package let templateLimits: TemplateLimits
    /// The real BFF behind the mock, when there is one (Docs/Proxy.md).
    package let upstream: UpstreamSettings?
    /// Whether proxied successes are saved, and how; nil when they are not (or there is no upstream).
    package let record: RecordMode?
    /// The largest body a recording saves (`--record-max-size`, `recordMaxSize:`, 10 MiB).
    package let recordMaxSize: ByteSize
    /// Whether recording keeps each saved route's upstream latency as a rule (`--record-latency`,
    /// `recordLatency:`).
    package let recordLatency: Bool

    /// The layers below a route rule's and the request's, built once rather than per request.
    private let runtimeLayer: SettingsLayer
    private let flagsLayer: SettingsLayer
    private let fileLayer: SettingsLayer
    /// The per-request fields of a request with no control of its own that no route rule matches
    /// (most requests), resolved once rather than layer by layer on each.
    private let unruledFields: SettingsPrecedence.RequestFields

    /// Whether some route rule has a `when:`: only then does a request's query, headers and body
    /// need gathering for the plan.
    let readsRequestFacts: Bool
    /// The targets of `configuration.routes`, in order: what the plan stage matches.
    let routeTargets: [RouteTarget]

    /// The globals' fingerprint: the counter key of requests no route rule matches.
    let globalFingerprint: UInt64
    /// The fingerprints of every rule and the globals: counters of any other are stale.
    let fingerprints: Set<UInt64>

    /// A snapshot of these layers.
    init(configuration: MockConfiguration, runtime: RuntimeSettings, flags: CommandLineSettings, fallbackSeed: UInt64) {
        self.configuration = configuration
        self.runtime = runtime
        self.flags = flags
        self.fallbackSeed = fallbackSeed
        runtimeLayer = runtime.layer
        flagsLayer = flags.layer
        fileLayer = configuration.layer
        let serverWide = SettingsPrecedence(
            request: .empty, runtime: runtimeLayer, route: .empty, flags: flagsLayer, file: fileLayer)
        unruledFields = serverWide.requestFields
        seedIsRandom = serverWide.seed == nil
        seed = serverWide.seed ?? fallbackSeed
        echo = serverWide.echo
        cors = serverWide.cors
        hangMax = serverWide.hangMax
        journalSize = serverWide.journalSize
        beagleCache = serverWide.beagleCache
        templates = configuration.templates ?? true
        templateLimits = configuration.templateLimits ?? .standard
        upstream = UpstreamSettings.resolve(flags: flags, file: configuration.upstream)
        record = upstream == nil ? nil : flags.record ?? configuration.record
        recordMaxSize = flags.recordMaxSize ?? configuration.recordMaxSize ?? SettingChecks.defaultRecordMaxSize
        recordLatency = flags.recordLatency ?? configuration.recordLatency ?? false
        readsRequestFacts = configuration.routes.contains { $0.match != nil }
        routeTargets = configuration.routes.map(\.target)
        globalFingerprint = stableHash("global \(configuration.globals)")
        fingerprints = Set(configuration.routes.map(\.fingerprint)).union([globalFingerprint])
    }

    /// This snapshot with other runtime overrides.
    func replacing(runtime: RuntimeSettings) -> SettingsSnapshot {
        SettingsSnapshot(configuration: configuration, runtime: runtime, flags: flags, fallbackSeed: fallbackSeed)
    }

    /// This snapshot with another config file.
    func replacing(configuration: MockConfiguration) -> SettingsSnapshot {
        SettingsSnapshot(configuration: configuration, runtime: runtime, flags: flags, fallbackSeed: fallbackSeed)
    }

    /// The layers for a request with this control that matched `rule` (nil: no rule) and met
    /// `stage`'s layer of a running timeline (nil: none runs).
    func precedence(request: SettingsLayer, rule: RouteRule?, stage: SettingsLayer? = nil) -> SettingsPrecedence {
        SettingsPrecedence(
            request: request, runtime: runtimeLayer, timeline: stage ?? .empty, route: rule?.layer ?? .empty,
            flags: flagsLayer, file: fileLayer)
    }

    /// The per-request fields for a request with this control that matched `rule` (nil: no rule)
    /// and met `stage`'s layer of a running timeline (nil: none runs).
    func requestFields(
        control: RequestControl, rule: RouteRule?, stage: SettingsLayer? = nil
    ) -> SettingsPrecedence.RequestFields {
        // `case .none`, not `== nil`: the comparison through `Equatable` copied the rule.
        if case .none = rule, case .none = stage, control.isEmpty { return unruledFields }
        return precedence(request: control.layer, rule: rule, stage: stage).requestFields
    }

    /// What applies where no route rule matches, for the banner.
    package var activeSettings: ActiveFaultSettings {
        let fields = unruledFields
        var faults = FaultRules.empty
        var sequence: FaultSequence?
        switch fields.faultChoice {
        case .none: break
        case .rules(let rules): faults = rules
        case .sequence(let steps): sequence = steps
        }
        return ActiveFaultSettings(
            latency: fields.latency, pacing: fields.pacing, faults: faults, sequence: sequence,
            routeRuleCount: configuration.routes.count, seed: seed, seedIsRandom: seedIsRandom)
    }
}
