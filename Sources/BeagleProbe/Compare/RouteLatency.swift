/// How long the BFF took to answer a route over its timed fetches, beside the folder's latency
/// rule for the route, and whether the two tell the same story.
///
/// The BFF's 95th percentile is compared with the rule's usual range
/// (``LatencyRule/usualRange``), widened by a tolerance of 20 % of its upper end, and at least
/// 10 ms, for what a fetch takes besides the wait (the network, the server's own work). Outside
/// it, the rule says the route is faster or slower than the BFF is. Where the folder sets no
/// latency the mock answers at once, which promises nothing: a BFF whose 95th percentile is above
/// 100 ms, about where a person stops feeling an answer as instant, is said, not counted.
/// Percentiles are by nearest rank: over 4 fetches the 95th is the slowest, the 50th the second
/// fastest.
package struct RouteLatency: Sendable, Hashable {
    /// What the BFF's times say of the folder's rule.
    package enum Verdict: String, Sendable, Hashable {
        /// The BFF's 95th percentile is within the rule's range.
        case within
        /// The BFF is slower than the rule: the mock answers faster than the BFF does.
        case slower
        /// The BFF is faster than the rule: the mock answers slower than the BFF does.
        case faster
        /// The folder sets no latency and the BFF answers within ``noticeable``.
        case noRule
        /// The folder sets no latency, so the mock answers at once, and the BFF takes longer
        /// than ``noticeable``: said, not counted as drift, since the folder promised nothing.
        case slowerWithoutRule
    }

    /// The least tolerance.
    package static let leastTolerance = Duration.milliseconds(10)
    /// The tolerance as a share of the range's upper end.
    package static let toleranceShare = 0.2
    /// Where a route without a rule is said to be slow on the BFF.
    package static let noticeable = Duration.milliseconds(100)

    /// The fetches timed.
    package let fetches: TimedFetches
    /// The folder's rule for the route; nil when it sets none.
    package let rule: LatencyRule?
    /// The BFF's median over the fetches that answered; nil when none did.
    package let p50: Duration?
    /// The BFF's 95th percentile over the fetches that answered; nil when none did.
    package let p95: Duration?
    /// What the times say of the rule; nil when no fetch answered.
    package let verdict: Verdict?

    /// The latency of a route timed by `fetches`, beside the folder's `rule`.
    package init(fetches: TimedFetches, rule: LatencyRule?) {
        self.fetches = fetches
        self.rule = rule
        let sorted = fetches.durations.sorted()
        p50 = Self.percentile(50, of: sorted)
        p95 = Self.percentile(95, of: sorted)
        verdict = p95.map { Self.verdict(p95: $0, rule: rule) }
    }

    /// Whether the rule misstates the BFF's latency: a drift.
    package var differs: Bool { verdict == .slower || verdict == .faster }

    /// How far from the range `range` a time may be and still be within it.
    package static func tolerance(for range: ClosedRange<Duration>) -> Duration {
        max(leastTolerance, range.upperBound * toleranceShare)
    }

    /// What a 95th percentile of `p95` says of `rule`.
    static func verdict(p95: Duration, rule: LatencyRule?) -> Verdict {
        guard let rule else { return p95 > noticeable ? .slowerWithoutRule : .noRule }
        let range = rule.usualRange
        let tolerance = tolerance(for: range)
        if p95 > range.upperBound + tolerance { return .slower }
        if p95 < range.lowerBound - tolerance { return .faster }
        return .within
    }

    /// The `percent`th percentile of `sorted` by nearest rank; nil when it is empty.
    static func percentile(_ percent: Int, of sorted: [Duration]) -> Duration? {
        guard !sorted.isEmpty else { return nil }
        let rank = (percent * sorted.count + 99) / 100
        return sorted[max(rank, 1) - 1]
    }
}
