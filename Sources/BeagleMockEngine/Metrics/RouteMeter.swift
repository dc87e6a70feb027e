import CoreMetrics
import Synchronization

/// What the metrics keep of one route (Docs/AdminAPI.md, "Metrics"): its requests by status and
/// injected fault, and its two histograms. A file of the folders holds its route's meter from the
/// time it is read (``CachedFile``), so that a request it answers finds its meter without a lookup.
///
/// A route sees a few statuses and faults: the first eight series are found without a lock, each
/// in a slot named by one atomic word (its status and fault, claimed once); more go to a list under
/// a lock.
package final class RouteMeter: @unchecked Sendable {
    /// The `route` label's value.
    let label: String
    let injected = LatencyHistogram()
    let served = LatencyHistogram()
    private let factory: any MetricsFactory

    /// One series of `beagle_mock_requests_total`: its count, and the part of it already added to
    /// its swift-metrics counter.
    private final class Series: Sendable {
        let key: Int
        let count = Atomic<Int>(0)
        let counted = Atomic<Int>(0)
        let counter: CoreMetrics.Counter

        init(key: Int, route: String, factory: any MetricsFactory) {
            self.key = key
            let (status, faultKind) = RouteMeter.parts(of: key)
            counter = CoreMetrics.Counter(
                label: "beagle_mock_requests_total",
                dimensions: [("route", route), ("status", String(status)), ("fault", Fault.kindNames[faultKind])],
                factory: factory)
        }
    }

    private static let slotCount = 8
    /// Each slot's key (0 while free) and count; allocated once and freed with the meter (hence
    /// `@unchecked Sendable`: atomics only).
    private let keys: UnsafeMutablePointer<Atomic<Int>>
    private let counts: UnsafeMutablePointer<Atomic<Int>>
    /// The series of the slots, made under the lock by the request that claimed the slot, and
    /// those beyond the slots.
    private let series = Mutex<[Int: Series]>([:])

    init(label: String, factory: any MetricsFactory) {
        self.label = label
        self.factory = factory
        keys = .allocate(capacity: Self.slotCount)
        counts = .allocate(capacity: Self.slotCount)
        for index in 0..<Self.slotCount {
            (keys + index).initialize(to: Atomic(0))
            (counts + index).initialize(to: Atomic(0))
        }
    }

    deinit {
        keys.deinitialize(count: Self.slotCount)
        keys.deallocate()
        counts.deinitialize(count: Self.slotCount)
        counts.deallocate()
    }

    /// A series' key: never 0, so that a free slot is told from a taken one.
    private static func key(status: Int, faultKind: UInt8) -> Int {
        (status &+ 1) << 8 | Int(faultKind)
    }

    fileprivate static func parts(of key: Int) -> (status: Int, faultKind: Int) {
        ((key >> 8) - 1, key & 0xFF)
    }

    /// One request's end: the status sent (0 when no status line went out), the kind of fault
    /// drawn (``Fault/kindIndex``) and the time it took to serve, in nanoseconds.
    func record(status: Int, faultKind: UInt8, served: Int64) {
        let key = Self.key(status: status, faultKind: faultKind)
        var counted = false
        for index in 0..<Self.slotCount {
            var found = keys[index].load(ordering: .acquiring)
            if found == 0 {
                // Free: claim it for this key, unless another request claimed it meanwhile.
                let (claimed, current) = keys[index].compareExchange(
                    expected: 0, desired: key, ordering: .acquiringAndReleasing)
                found = claimed ? key : current
                if claimed { series.withLock { $0[key] = Series(key: key, route: label, factory: factory) } }
            }
            if found == key {
                counts[index].add(1, ordering: .relaxed)
                counted = true
                break
            }
        }
        if !counted {
            series.withLock { series in
                let each = series[key] ?? Series(key: key, route: label, factory: factory)
                series[key] = each
                each.count.add(1, ordering: .relaxed)
            }
        }
        self.served.record(nanoseconds: served)
    }

    /// Adds to each series' counter what was counted since the last time (the caller keeps one
    /// at a time).
    func sync() {
        var slotted: [Int: Int] = [:]
        for index in 0..<Self.slotCount {
            let key = keys[index].load(ordering: .acquiring)
            if key != 0 { slotted[key] = counts[index].load(ordering: .relaxed) }
        }
        for each in series.withLock({ Array($0.values) }) {
            let count = slotted[each.key] ?? each.count.load(ordering: .relaxed)
            let added = count - each.counted.exchange(count, ordering: .relaxed)
            if added > 0 { each.counter.increment(by: added) }
        }
    }
}
