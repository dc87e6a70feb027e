import NIOCore

/// The wait stage: holds the response until its latency has passed, counted from the end of the
/// request (Docs/LatencyAndFaults.md, "Latency"). Waiting is a timer, never a sleeping thread, and
/// it ends at once when the client leaves, so a long latency holds no socket for a client that
/// has gone.
enum LatencyWait {
    /// How a wait ended.
    enum Ending: Sendable, Equatable {
        /// The latency passed: send the response.
        case elapsed
        /// The client closed or reset its side first.
        case clientGone
    }

    /// Waits until `deadline`; throws `CancellationError` when the request's task is cancelled
    /// (the server's shutdown grace period ran out).
    static func wait(
        until deadline: ContinuousClock.Instant, clock: ContinuousClock, channel: any Channel
    ) async throws -> Ending {
        guard deadline > clock.now else { return .elapsed }
        let ending = try await withThrowingTaskGroup(of: Ending?.self, returning: Ending?.self) { group in
            group.addTask {
                try await Task.sleep(until: deadline, clock: clock)
                return Ending.elapsed
            }
            group.addTask { await channel.waitForClientDeparture() ? .clientGone : nil }
            defer { group.cancelAll() }
            while let ending = try await group.next() {
                if let ending { return ending }
            }
            return nil
        }
        guard let ending else { throw CancellationError() }
        return ending
    }
}
