import Synchronization

/// The counts behind progress lines, shared by the fetches of a round.
final class ProgressTally: Sendable {
    private let counts = Mutex<(completed: Int, total: Int)>((0, 0))

    /// Sets the total to `count` fetches found so far.
    func setTotal(_ count: Int) {
        counts.withLock { $0.total = count }
    }

    /// The counts now, without counting anything.
    var current: (completed: Int, total: Int) {
        counts.withLock { $0 }
    }

    /// Counts one finished fetch and returns the counts including it.
    func complete() -> (completed: Int, total: Int) {
        counts.withLock { counts in
            counts.completed += 1
            return counts
        }
    }
}
