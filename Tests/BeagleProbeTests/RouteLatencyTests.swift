import BeagleProbe
import Testing

/// The BFF's timed fetches beside the folder's latency rule: nearest-rank percentiles, and which
/// 95th percentiles fall within the rule's range give or take its tolerance.
struct RouteLatencyTests {
    func latency(_ milliseconds: [Int], rule: LatencyRule?, failures: [String] = []) -> RouteLatency {
        RouteLatency(fetches: TimedFetches(durations: milliseconds.map { .milliseconds($0) }, failures: failures), rule: rule)
    }

    func fixed(_ milliseconds: Int) -> LatencyRule {
        LatencyRule(written: "\(milliseconds)ms", usualRange: .milliseconds(milliseconds) ... .milliseconds(milliseconds))
    }

    @Test func percentilesAreByNearestRank() {
        let timed = latency([40, 10, 30, 20], rule: nil)
        #expect(timed.p50 == .milliseconds(20))
        #expect(timed.p95 == .milliseconds(40))
        let one = latency([7], rule: nil)
        #expect(one.p50 == .milliseconds(7) && one.p95 == .milliseconds(7))
        let twenty = latency(Array(1...20), rule: nil)
        #expect(twenty.p95 == .milliseconds(19))
        #expect(twenty.p50 == .milliseconds(10))
    }

    @Test func aP95WithinTheRulesRangeGiveOrTakeItsToleranceAgrees() {
        // 20 % of 100 ms is above the least tolerance of 10 ms.
        #expect(latency([95, 118], rule: fixed(100)).verdict == .within)
        #expect(latency([95, 121], rule: fixed(100)).verdict == .slower)
        #expect(latency([79, 79], rule: fixed(100)).verdict == .faster)
        // Below 50 ms, the least tolerance holds.
        #expect(latency([19, 20], rule: fixed(10)).verdict == .within)
        #expect(latency([61, 63], rule: fixed(10)).verdict == .slower)
        let uniform = LatencyRule(written: "100ms..400ms", usualRange: .milliseconds(100) ... .milliseconds(400))
        #expect(latency([120, 470], rule: uniform).verdict == .within)
        #expect(latency([120, 490], rule: uniform).verdict == .slower)
        #expect(latency([10, 15], rule: uniform).verdict == .faster)
    }

    @Test func onlyARuleMisstatingTheBFFIsADrift() {
        #expect(latency([61, 63], rule: fixed(10)).differs)
        #expect(latency([3000, 3000], rule: fixed(5000)).differs)
        #expect(!latency([9, 10], rule: fixed(10)).differs)
        // Without a rule the mock answers at once: a BFF slower than 100 ms is said, not counted.
        let unruled = latency([90, 101], rule: nil)
        #expect(unruled.verdict == .slowerWithoutRule)
        #expect(!unruled.differs)
        #expect(latency([61, 100], rule: nil).verdict == .noRule)
    }

    @Test func fetchesThatFailedAreLeftOutOfThePercentiles() {
        let partly = latency([30], rule: fixed(30), failures: ["HTTP 503"])
        #expect(partly.p95 == .milliseconds(30))
        #expect(partly.verdict == .within)
        let none = latency([], rule: fixed(30), failures: ["HTTP 503", "connection reset"])
        #expect(none.p50 == nil && none.p95 == nil && none.verdict == nil)
        #expect(!none.differs)
    }
}
