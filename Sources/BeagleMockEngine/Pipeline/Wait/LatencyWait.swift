import BeagleMockHTTP
import NIOCore
import Synchronization

/// The wait stage: holds the response until its latency has passed, counted from the end of the
/// request (Docs/LatencyAndFaults.md, "Latency"). Waiting is a timer on the connection's event
/// loop, on that loop's clock (so a test moves it), never a sleeping thread, and it ends at once
/// when the client leaves, so a long latency holds no socket for a client that has gone.
enum LatencyWait {
    /// How a wait ended.
    enum Ending: Sendable, Equatable {
        /// The latency passed: send the response.
        case elapsed
        /// The client closed or reset its side first.
        case clientGone
    }

    /// Waits until `deadline`, on the connection's event loop's clock; throws
    /// `CancellationError` when the request's task is cancelled (the server's shutdown grace
    /// period ran out).
    static func wait(until deadline: NIODeadline, connection: ClientConnection) async throws -> Ending {
        let eventLoop = connection.eventLoop
        guard deadline > eventLoop.now else { return .elapsed }
        let wait = PendingWait()
        let ending = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard wait.begin(continuation) else { return }
                wait.hold(eventLoop.scheduleTask(deadline: deadline) { wait.end(.elapsed) })
                connection.whenDeparted { wait.end(.clientGone) }
            }
        } onCancel: {
            wait.end(nil)
        }
        guard let ending else { throw CancellationError() }
        return ending
    }
}

/// One latency wait: whichever comes first (the timer, the client leaving, the task's
/// cancellation, nil) resumes the waiting task, once; the timer is cancelled when it was not it.
private final class PendingWait: Sendable {
    private struct State {
        var continuation: CheckedContinuation<LatencyWait.Ending?, Never>?
        var ended = false
        var timer: Scheduled<Void>?
    }

    private let state = Mutex(State())

    /// Takes the waiting task; false (and resumed at once) when the wait was cancelled before.
    func begin(_ continuation: CheckedContinuation<LatencyWait.Ending?, Never>) -> Bool {
        let cancelledBefore = state.withLock { state in
            if state.ended { return true }
            state.continuation = continuation
            return false
        }
        if cancelledBefore { continuation.resume(returning: nil) }
        return !cancelledBefore
    }

    /// Keeps the timer, to cancel it when something else ends the wait first.
    func hold(_ timer: Scheduled<Void>) {
        let cancel = state.withLock { state in
            if state.ended { return true }
            state.timer = timer
            return false
        }
        if cancel { timer.cancel() }
    }

    /// Ends the wait with `ending` (nil: cancelled), unless it has ended already.
    func end(_ ending: LatencyWait.Ending?) {
        let taken = state.withLock { state -> State? in
            if state.ended { return nil }
            defer { state = State(continuation: nil, ended: true, timer: nil) }
            return state
        }
        guard let taken else { return }
        if ending != .elapsed { taken.timer?.cancel() }
        taken.continuation?.resume(returning: ending)
    }
}
