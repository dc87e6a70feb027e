import BeagleMockHTTP

/// What one request gets, decided by ``RequestPlanner/plan(method:path:split:control:settings:facts:)``; the server acts it
/// out on the wire.
package struct RequestPlan: Sendable, Hashable, CustomStringConvertible {
    /// How long to wait before the first byte (already drawn). Zero for ``Fault/hang``, which
    /// never answers (Docs/LatencyAndFaults.md: latency comes before every outcome except hang).
    package let latency: Duration
    /// How to pace the body.
    package let pacing: Pacing
    /// The fault to inject, ``Fault/none`` for a normal response.
    package let fault: Fault
    /// Another status and headers for a method file's answer, from the matching route rule.
    package let response: ResponseOverride?
    /// True when a connection-ending fault could have been drawn for this request, so its response
    /// must close the connection (`Connection: close`, Docs/LatencyAndFaults.md) — even when none was drawn.
    package let closesConnection: Bool
    /// The seed the draw used, for the journal (a run replays with `--seed`).
    package let seed: UInt64
    /// Which request this was (0-based) to its (rule, method, path).
    package let requestIndex: UInt64
    /// The route rule that matched, as written (`/checkout/** [GET]`); nil when none did.
    package let rule: String?
    /// The matching rule's `file:` (relative to the screens folder), which answers instead of the
    /// route's own file; nil when the rule has none or no rule matched.
    package let file: String?
    /// The matching rule's `proxy:` (Docs/Proxy.md): true sends the request upstream even when a
    /// file answers it, false never; nil when the rule has none or no rule matched.
    package let proxy: Bool?
    /// The stage of a running timeline the request met (Docs/Timelines.md); nil when none runs.
    package let stage: StageMark?

    /// Creates a plan (the server's tests may build their own).
    package init(
        latency: Duration = .zero,
        pacing: Pacing = .unpaced,
        fault: Fault = .none,
        response: ResponseOverride? = nil,
        closesConnection: Bool = false,
        seed: UInt64 = 0,
        requestIndex: UInt64 = 0,
        rule: String? = nil,
        file: String? = nil,
        proxy: Bool? = nil,
        stage: StageMark? = nil
    ) {
        self.latency = latency
        self.pacing = pacing
        self.fault = fault
        self.response = response
        self.closesConnection = closesConnection || fault.endsConnection
        self.seed = seed
        self.requestIndex = requestIndex
        self.rule = rule
        self.file = file
        self.proxy = proxy
        self.stage = stage
    }

    /// The latency for a log line: `250ms` and `1.5s` as written in a spec, and a drawn latency
    /// (`100ms..400ms`) to the millisecond, `208ms` rather than `208007366ns`.
    package var latencyDescription: String {
        let milliseconds = latency.inMilliseconds
        if milliseconds == milliseconds.rounded() { return latency.specDescription }
        if milliseconds >= 10 { return "\(Int(milliseconds.rounded()))ms" }
        return "\((milliseconds * 10).rounded() / 10)ms"
    }

    /// The fault for a log line: `-` when none.
    package var faultDescription: String {
        fault == .none ? "-" : fault.description
    }

    /// What was applied, for the request log and the journal: `latency=200ms fault=reset`, plus
    /// `bandwidth=…` or `dribble=…` when the body is paced.
    package var summary: String {
        var text = "latency=\(latencyDescription) fault=\(faultDescription)"
        if pacing != .unpaced { text += " \(pacing)" }
        return text
    }

    /// The summary.
    package var description: String { summary }
}
