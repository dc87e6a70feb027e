/// The fields one layer of control may set (SPEC section 4): nil means "not set here", so the next
/// layer down decides.
///
/// Each field comes whole from the highest layer that sets it: lists never merge, latencies never
/// add, and an empty ``FaultRules`` (`faults: []`) clears faults from lower layers. ``faults`` and
/// ``sequence`` both choose the fault: the one from the higher layer is used, and at the same layer
/// a non-empty sequence wins.
public struct ControlLayer: Sendable, Hashable, CustomStringConvertible {
    /// The wait before the first byte.
    public var latency: LatencySpec?
    /// The body's pace.
    public var bandwidth: Bandwidth?
    /// Chunked pacing; replaces bandwidth when set to something other than `off`.
    public var dribble: Dribble?
    /// Fault rules drawn by rate.
    public var faults: FaultRules?
    /// A scripted series of faults, used instead of a draw.
    public var sequence: FaultSequence?
    /// Another status and headers for method-file answers (route rules only).
    public var response: ResponseOverride?

    /// Creates a layer; unset fields are left to lower layers.
    public init(
        latency: LatencySpec? = nil,
        bandwidth: Bandwidth? = nil,
        dribble: Dribble? = nil,
        faults: FaultRules? = nil,
        sequence: FaultSequence? = nil,
        response: ResponseOverride? = nil
    ) {
        self.latency = latency
        self.bandwidth = bandwidth
        self.dribble = dribble
        self.faults = faults
        self.sequence = sequence
        self.response = response
    }

    /// A layer that sets nothing.
    public static let empty = ControlLayer()

    /// True when no field is set.
    public var isEmpty: Bool { self == .empty }

    /// `latency=250ms faults=status:503@0.2` — the fields this layer sets, for logs and fingerprints.
    public var description: String {
        var parts: [String] = []
        if let latency { parts.append("latency=\(latency)") }
        if let bandwidth { parts.append("bandwidth=\(bandwidth)") }
        if let dribble { parts.append("dribble=\(dribble)") }
        if let faults { parts.append("faults=\(faults)") }
        if let sequence { parts.append("sequence=\(sequence)") }
        if let response {
            parts.append("response={\(response.description)\(response.headers.map { " \($0.name)=\($0.value)" }.joined())}")
        }
        return parts.isEmpty ? "-" : parts.joined(separator: " ")
    }
}
