/// What one request gets, decided by ``FaultPlan/decide(method:path:control:)``; the server acts it
/// out on the wire.
public struct FaultDecision: Sendable, Hashable, CustomStringConvertible {
    /// How long to wait before the first byte (already drawn). Zero for ``Fault/hang``, which
    /// never answers (SPEC section 2: latency comes before every outcome except hang).
    public let latency: Duration
    /// How to pace the body.
    public let pacing: Pacing
    /// The fault to inject, ``Fault/none`` for a normal response.
    public let fault: Fault
    /// Another status and headers for a method file's answer, from the matching route rule.
    public let response: ResponseOverride?
    /// True when a connection-ending fault could have been drawn for this request, so its response
    /// must close the connection (`Connection: close`, SPEC section 3) — even when none was drawn.
    public let closesConnection: Bool
    /// The seed the draw used, for the journal (a run replays with `--seed`).
    public let seed: UInt64
    /// Which request this was (0-based) to its (rule, method, path).
    public let requestIndex: UInt64
    /// The route rule that matched, as written (`/checkout/** [GET]`); nil when none did.
    public let rule: String?

    /// Creates a decision (the server's tests may build their own).
    public init(
        latency: Duration = .zero,
        pacing: Pacing = .unpaced,
        fault: Fault = .none,
        response: ResponseOverride? = nil,
        closesConnection: Bool = false,
        seed: UInt64 = 0,
        requestIndex: UInt64 = 0,
        rule: String? = nil
    ) {
        self.latency = latency
        self.pacing = pacing
        self.fault = fault
        self.response = response
        self.closesConnection = closesConnection || fault.endsConnection
        self.seed = seed
        self.requestIndex = requestIndex
        self.rule = rule
    }

    /// The fault for a log line: `-` when none.
    public var faultDescription: String {
        fault == .none ? "-" : fault.description
    }

    /// What was applied, for the request log and the journal: `latency=200ms fault=reset`, plus
    /// `bandwidth=…` or `dribble=…` when the body is paced.
    public var summary: String {
        var text = "latency=\(latency.specDescription) fault=\(faultDescription)"
        if pacing != .unpaced { text += " \(pacing)" }
        return text
    }

    /// The summary.
    public var description: String { summary }
}
