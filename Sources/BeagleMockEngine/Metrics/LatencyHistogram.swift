import Synchronization

/// A histogram of durations that a request records into without a lock: one atomic add to its
/// bucket and one to the sum (Docs/AdminAPI.md, "Metrics"). Written out in Prometheus's text
/// format at the scrape, its buckets cumulative as the format has them.
///
/// swift-prometheus's own histogram takes a lock and compares the value with every bucket, as
/// 128-bit durations, for each observation: with two a request, that was 1,500 instructions,
/// close to 2% of a request's whole cost (Docs/Benchmarks.md, "Metrics"). Its counters and
/// gauges, an atomic add each, serve as they are.
final class LatencyHistogram: @unchecked Sendable {
    /// The buckets' upper bounds as the `le` label writes them, in seconds; the last takes the rest.
    static let boundLabels = [
        "0.0005", "0.001", "0.002", "0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1.0", "2.5", "5.0", "10.0",
        "+Inf",
    ]

    /// One count a bucket, not cumulative, then the sum in nanoseconds: atomics only, allocated
    /// once and freed with the histogram (hence `@unchecked Sendable`).
    private let slots: UnsafeMutablePointer<Atomic<Int>>
    private static let sumSlot = 15

    init() {
        slots = .allocate(capacity: Self.sumSlot + 1)
        for index in 0...Self.sumSlot { (slots + index).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: Self.sumSlot + 1)
        slots.deallocate()
    }

    /// The bucket of a duration of `nanoseconds`: its bounds from half a millisecond (a screen
    /// served from memory) to ten seconds, compared in a few steps rather than one by one.
    static func bucket(of nanoseconds: Int64) -> Int {
        if nanoseconds <= 10_000_000 {
            if nanoseconds <= 500_000 { return 0 }
            if nanoseconds <= 1_000_000 { return 1 }
            if nanoseconds <= 2_000_000 { return 2 }
            return nanoseconds <= 5_000_000 ? 3 : 4
        }
        if nanoseconds <= 500_000_000 {
            if nanoseconds <= 25_000_000 { return 5 }
            if nanoseconds <= 50_000_000 { return 6 }
            if nanoseconds <= 100_000_000 { return 7 }
            return nanoseconds <= 250_000_000 ? 8 : 9
        }
        if nanoseconds <= 1_000_000_000 { return 10 }
        if nanoseconds <= 2_500_000_000 { return 11 }
        if nanoseconds <= 5_000_000_000 { return 12 }
        return nanoseconds <= 10_000_000_000 ? 13 : 14
    }

    /// Records one duration of `nanoseconds`.
    func record(nanoseconds: Int64) {
        slots[Self.bucket(of: nanoseconds)].add(1, ordering: .relaxed)
        slots[Self.sumSlot].add(Int(nanoseconds), ordering: .relaxed)
    }

    /// How many durations were recorded.
    var observations: Int {
        var count = 0
        for index in 0..<Self.sumSlot { count += slots[index].load(ordering: .relaxed) }
        return count
    }

    /// Writes the histogram as the series of `name` with `labels` (already rendered, `route="/home"`):
    /// each bucket, `_sum` in seconds and `_count`. With `observations`, the histogram was told of
    /// durations above zero only (the injected latency, which most requests do not have): the
    /// observations it was not told of are zeros, in the first bucket.
    func write(name: String, labels: String, observations: Int? = nil, into text: inout String) {
        let recorded = self.observations
        let zeros = max(0, (observations ?? recorded) - recorded)
        var cumulative = zeros
        for index in 0..<Self.sumSlot {
            cumulative += slots[index].load(ordering: .relaxed)
            text += "\(name)_bucket{\(labels),le=\"\(Self.boundLabels[index])\"} \(cumulative)\n"
        }
        let seconds = Double(slots[Self.sumSlot].load(ordering: .relaxed)) / 1_000_000_000
        text += "\(name)_sum{\(labels)} \(seconds)\n"
        text += "\(name)_count{\(labels)} \(cumulative)\n"
    }
}
