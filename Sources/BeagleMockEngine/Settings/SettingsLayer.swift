import BeagleMockHTTP

/// What one layer of settings says (Docs/Configuration.md, "Layers"): nil means "not set here", so
/// the next layer down decides. ``SettingsPrecedence`` is the one place that says which layer wins.
///
/// Each field comes whole from the highest layer that sets it: lists never merge, latencies never
/// add, and an empty ``FaultRules`` (`faults: []`) clears faults from lower layers. ``faults`` and
/// ``sequence`` both choose the fault: the one from the higher layer is used, and at the same layer
/// a non-empty sequence wins.
package struct SettingsLayer: Sendable, Hashable, CustomStringConvertible {
    // Per request: a route rule or the request itself may set these.

    /// The wait before the first byte.
    package var latency: LatencySpec?
    /// The body's pace.
    package var bandwidth: Bandwidth?
    /// Chunked pacing; replaces bandwidth when set to something other than `off`.
    package var dribble: Dribble?
    /// Fault rules drawn by rate.
    package var faults: FaultRules?
    /// A scripted series of faults, used instead of a draw.
    package var sequence: FaultSequence?
    /// Another status and headers for method-file answers (route rules only).
    package var response: ResponseOverride?

    // Server-wide: the same for every request while the layers stay as they are.

    /// The seed of the fault draws.
    package var seed: UInt64?
    /// Which request headers come back as `X-Echo-…`.
    package var echo: EchoSetting?
    /// Whether CORS headers and preflight answers are on.
    package var cors: Bool?
    /// When a `hang` gives up.
    package var hangMax: Duration?
    /// How many requests the journal keeps.
    package var journalSize: Int?
    /// Beagle 1.x's cache protocol.
    package var beagleCache: BeagleCacheSettings?

    /// Creates a layer; unset fields are left to lower layers.
    package init(
        latency: LatencySpec? = nil,
        bandwidth: Bandwidth? = nil,
        dribble: Dribble? = nil,
        faults: FaultRules? = nil,
        sequence: FaultSequence? = nil,
        response: ResponseOverride? = nil,
        seed: UInt64? = nil,
        echo: EchoSetting? = nil,
        cors: Bool? = nil,
        hangMax: Duration? = nil,
        journalSize: Int? = nil,
        beagleCache: BeagleCacheSettings? = nil
    ) {
        self.latency = latency
        self.bandwidth = bandwidth
        self.dribble = dribble
        self.faults = faults
        self.sequence = sequence
        self.response = response
        self.seed = seed
        self.echo = echo
        self.cors = cors
        self.hangMax = hangMax
        self.journalSize = journalSize
        self.beagleCache = beagleCache
    }

    /// A layer that sets nothing.
    package static let empty = SettingsLayer()

    /// True when no field is set.
    package var isEmpty: Bool { self == .empty }

    /// `latency=250ms faults=status:503@0.2`: the fields this layer sets, for logs and fingerprints.
    package var description: String {
        var parts: [String] = []
        if let latency { parts.append("latency=\(latency)") }
        if let bandwidth { parts.append("bandwidth=\(bandwidth)") }
        if let dribble { parts.append("dribble=\(dribble)") }
        if let faults { parts.append("faults=\(faults)") }
        if let sequence { parts.append("sequence=\(sequence)") }
        if let response {
            parts.append("response={\(response.description)\(response.headers.map { " \($0.name)=\($0.value)" }.joined())}")
        }
        if let seed { parts.append("seed=\(seed)") }
        if let echo { parts.append("echo=\(echo)") }
        if let cors { parts.append("cors=\(cors)") }
        if let hangMax { parts.append("hangMax=\(hangMax.specDescription)") }
        if let journalSize { parts.append("journalSize=\(journalSize)") }
        if let beagleCache { parts.append("beagleCache=\(beagleCache.maxAge.specDescription)") }
        return parts.isEmpty ? "-" : parts.joined(separator: " ")
    }
}
