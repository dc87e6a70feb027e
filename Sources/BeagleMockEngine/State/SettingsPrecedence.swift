import BeagleMockHTTP

/// Which layer's value a request gets, field by field: the one place where precedence is decided
/// (Docs/Configuration.md, "Layers").
///
/// Layers, highest first; a field comes whole from the highest layer that sets it, else the default:
///
/// | field       | request | runtime | timeline | route rule | flags | file | default            |
/// |-------------|:-------:|:-------:|:--------:|:----------:|:-----:|:----:|--------------------|
/// | latency     |    ✓    |    ✓    |    ✓     |     ✓      |   ✓   |  ✓   | none               |
/// | bandwidth   |    ✓    |    ✓    |    ✓     |     ✓      |   ✓   |  ✓   | unlimited          |
/// | dribble     |    ✓    |         |    ✓     |     ✓      |       |  ✓   | off                |
/// | faults      |    ✓    |    ✓    |    ✓     |     ✓      |   ✓   |  ✓   | none               |
/// | sequence    |         |         |          |     ✓      |       |  ✓   | none               |
/// | response    |         |         |          |     ✓      |       |      | the file's own     |
/// | seed        |         |    ✓    |          |            |   ✓   |  ✓   | random, in banner  |
/// | echo        |         |    ✓    |          |            |   ✓   |  ✓   | off                |
/// | cors        |         |         |          |            |   ✓   |  ✓   | on                 |
/// | hangMax     |         |         |          |            |   ✓   |  ✓   | 5 minutes          |
/// | journalSize |         |         |          |            |   ✓   |  ✓   | 1,000              |
/// | beagleCache |         |         |          |            |       |  ✓   | off                |
///
/// Each layer's source sets only its column's fields: ``RequestControl``, ``RuntimeSettings``, the
/// stage of a running ``Timeline``, ``RouteRule``, ``CommandLineSettings`` and
/// ``MockConfiguration`` each build a ``SettingsLayer``.
/// `faults` and `sequence` compete: the higher layer's wins, and a sequence wins a tie.
struct SettingsPrecedence {
    /// The layers, highest first.
    let request: SettingsLayer
    let runtime: SettingsLayer
    /// The stage of the timeline the request met, if one runs (Docs/Timelines.md).
    var timeline: SettingsLayer = .empty
    let route: SettingsLayer
    let flags: SettingsLayer
    let file: SettingsLayer

    /// The value from the highest layer that sets it, and that layer's rank (0 highest).
    /// A closure rather than a key path: this runs on every request, and key path reads go
    /// through the runtime (generic metadata, projection) where a closure is inlined.
    @inline(__always)
    func first<T>(_ field: (SettingsLayer) -> T?) -> (value: T, rank: Int)? {
        if let value = field(request) { return (value, 0) }
        if let value = field(runtime) { return (value, 1) }
        if let value = field(timeline) { return (value, 2) }
        if let value = field(route) { return (value, 3) }
        if let value = field(flags) { return (value, 4) }
        if let value = field(file) { return (value, 5) }
        return nil
    }

    /// The value from the highest layer that sets it, or `fallback`.
    @inline(__always)
    func value<T>(_ field: (SettingsLayer) -> T?, default fallback: T) -> T {
        first(field)?.value ?? fallback
    }

    // MARK: Per-request fields

    /// What chooses the fault: a list drawn by rate, a sequence, or nothing.
    enum FaultChoice {
        case none
        case rules(FaultRules)
        case sequence(FaultSequence)
    }

    /// `faults` or `sequence`, whichever comes from the higher layer (a sequence wins a tie).
    var faultChoice: FaultChoice {
        let faults = first { $0.faults }
        let sequence = first { $0.sequence }.flatMap { $0.value.steps.isEmpty ? nil : $0 }
        if let sequence, sequence.rank <= (faults?.rank ?? Int.max) { return .sequence(sequence.value) }
        if let faults { return .rules(faults.value) }
        return .none
    }

    /// The latency spec in force.
    var latency: LatencySpec { value({ $0.latency }, default: .none) }

    /// Bandwidth and dribble, resolved into one pacing (a dribble replaces bandwidth).
    var pacing: Pacing { Pacing(bandwidth: first { $0.bandwidth }?.value, dribble: first { $0.dribble }?.value) }

    /// The route rule's override of a method file's status and headers.
    var response: ResponseOverride? { first { $0.response }?.value }

    /// The per-request fields, resolved: what a request's draw reads.
    struct RequestFields {
        let faultChoice: FaultChoice
        let latency: LatencySpec
        let pacing: Pacing
        let response: ResponseOverride?
    }

    /// The per-request fields, each taken from its layer.
    var requestFields: RequestFields {
        RequestFields(faultChoice: faultChoice, latency: latency, pacing: pacing, response: response)
    }

    // MARK: Server-wide fields

    /// The seed set by some layer; nil means the random fallback.
    var seed: UInt64? { first { $0.seed }?.value }

    /// Header echo.
    var echo: EchoSetting { value({ $0.echo }, default: .off) }

    /// Whether CORS is on.
    var cors: Bool { value({ $0.cors }, default: true) }

    /// When a hang gives up.
    var hangMax: Duration { value({ $0.hangMax }, default: MockConfiguration.defaultHangMax) }

    /// How many requests the journal keeps.
    var journalSize: Int { value({ $0.journalSize }, default: MockConfiguration.defaultJournalSize) }

    /// Beagle's cache protocol, when on.
    var beagleCache: BeagleCacheSettings? { first { $0.beagleCache }?.value }
}
