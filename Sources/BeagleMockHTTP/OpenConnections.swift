import Synchronization

/// How many connections a server holds open now, on every port, for its metrics
/// (Docs/AdminAPI.md, "Metrics"): counted as each connection's life begins and ends.
package final class OpenConnections: Sendable {
    private let count = Atomic<Int>(0)

    package init() {}

    /// The connections open now.
    package var current: Int { count.load(ordering: .relaxed) }

    func opened() { count.add(1, ordering: .relaxed) }

    func closed() { count.subtract(1, ordering: .relaxed) }
}
