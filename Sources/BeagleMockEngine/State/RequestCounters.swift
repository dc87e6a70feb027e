import BeagleMockHTTP
import HTTPTypes
import Synchronization

/// How many requests each (rule, method, path) has had: the `n` of the seeded draw and of
/// sequences (Docs/LatencyAndFaults.md, "Determinism"). Preflight and `/__admin` are never counted.
package final class RequestCounters: Sendable {
    /// Past this many distinct keys the counters start over, as after a reset: it bounds memory
    /// when something walks thousands of distinct paths.
    package static let maximumKeys = 100_000

    /// What a count is kept for.
    package struct Key: Hashable, Sendable {
        /// The rule's content fingerprint: counters of a changed rule are dropped on reload.
        let rule: UInt64
        /// The rule's identity (pattern and methods, or the globals), which the draw hashes.
        let identity: UInt64
        let method: HTTPRequest.Method
        /// The path, canonical (empty segments collapsed).
        let path: String
    }

    private let counts = Mutex<[Key: UInt64]>([:])
    private let keyLimit: Int

    /// Counters keeping at most `keyLimit` keys (lowered by tests that check the bound).
    init(keyLimit: Int = maximumKeys) {
        self.keyLimit = keyLimit
    }

    /// The number of requests `key` had before this one (0 for the first), counting this one.
    func next(_ key: Key) -> UInt64 {
        counts.withLock { counts in
            if counts.count >= keyLimit, counts[key] == nil { counts.removeAll(keepingCapacity: true) }
            // One lookup of the key (hashing its path) to read and count.
            return Self.countOne(&counts[key, default: 0])
        }
    }

    /// `count` before it counts one more.
    private static func countOne(_ count: inout UInt64) -> UInt64 {
        defer { count &+= 1 }
        return count
    }

    /// Drops the counters of rules whose fingerprint is not in `rules` (a reload changed them).
    func keep(rules: Set<UInt64>) {
        counts.withLock { counts in counts = counts.filter { rules.contains($0.key.rule) } }
    }

    /// Starts every count over.
    package func removeAll() {
        counts.withLock { $0.removeAll() }
    }
}
