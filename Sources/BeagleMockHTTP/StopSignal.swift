import Synchronization

/// The start of a graceful stop (Ctrl+C, SIGTERM, `docker stop`, ``MockServer/stop()``), for what
/// must end then rather than at the end of the grace period: a hang, which would otherwise hold
/// the stop for the whole period (SPEC: "requests in flight finish; hangs are cut").
///
/// Request tasks are started from the connections' event loops, outside the service group's task
/// tree, so they cannot see its graceful shutdown themselves: the server raises this signal when
/// its shutdown begins, and a hang waits for it.
package final class StopSignal: Sendable {
    private struct State {
        var stopping = false
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    /// A signal not raised yet.
    package init() {}

    /// Whether the stop has begun.
    package var isStopping: Bool { state.withLock { $0.stopping } }

    /// Begins the stop: every waiter returns, and any later one at once.
    package func raise() {
        let waiters = state.withLock { state in
            state.stopping = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns when the stop begins, or when the calling task is cancelled.
    package func wait() async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                // Under the lock, so that a cancellation either sees this waiter or is seen here.
                let returnsNow = state.withLock { state in
                    if state.stopping || Task.isCancelled { return true }
                    state.waiters[id] = waiter
                    return false
                }
                if returnsNow { waiter.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
