import BeagleMockHTTP

/// What applies to a request no route rule matches, with runtime overrides, flags and the config
/// file resolved: what the banner prints and `GET /__admin/settings` may show.
package struct ActiveFaultSettings: Sendable, Hashable, CustomStringConvertible {
    /// The global latency (zero when none is set).
    package let latency: LatencySpec
    /// The global pacing.
    package let pacing: Pacing
    /// The global fault rules (empty when none).
    package let faults: FaultRules
    /// The global sequence, when one is set and beats the faults.
    package let sequence: FaultSequence?
    /// How many route rules the config file has.
    package let routeRuleCount: Int
    /// The seed in force.
    package let seed: UInt64
    /// True when no seed was given, so the seed was chosen at random (print it so a run can be replayed).
    package let seedIsRandom: Bool

    /// `seed=7 latency=80ms bandwidth=1MiB/s faults=status:500@0.01 routes=2`.
    package var description: String {
        var parts = ["seed=\(seed)\(seedIsRandom ? " (random)" : "")", "latency=\(latency)"]
        if pacing != .unpaced { parts.append(pacing.description) }
        if let sequence {
            parts.append("sequence=\(sequence)")
        } else {
            parts.append("faults=\(faults.rules.isEmpty ? "-" : faults.description)")
        }
        parts.append("routes=\(routeRuleCount)")
        return parts.joined(separator: " ")
    }
}
