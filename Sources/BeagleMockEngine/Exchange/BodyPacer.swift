import BeagleMockHTTP

/// Paces a body as it is written (Docs/LatencyAndFaults.md): at most a bandwidth, or a dribble of N chunks
/// each preceded by duration/N. Waits are timers, so a thousand paced bodies cost nothing while
/// they wait.
struct BodyPacer: Sendable {
    let pacing: Pacing
    private let clock = ContinuousClock()
    private var start: ContinuousClock.Instant?
    private var sent: Int64 = 0
    /// The dribble's waits so far.
    private(set) var waits = 0

    init(_ pacing: Pacing) {
        self.pacing = pacing
    }

    /// How many bytes to write at a time for a body of `total` bytes.
    func chunkSize(total: Int64) -> Int {
        switch pacing {
        case .unpaced:
            return 256 << 10
        case .bandwidth(let rate):
            // Twenty writes a second keep the pace smooth without a write per byte.
            return max(1, min(64 << 10, rate / 20))
        case .dribble(let chunks, _):
            let count = max(1, Int64(chunks))
            return Int(max(1, (total + count - 1) / count))
        }
    }

    /// Called before each chunk: a dribble waits duration/N, N times at most, so that a body in
    /// more pieces than N (an upstream's, cut where the upstream cut it, or one longer than its
    /// measure) never takes longer than the duration; the pieces after the N-th follow at once.
    mutating func beforeChunk() async throws {
        if case .dribble(let chunks, let duration) = pacing, waits < max(1, chunks) {
            waits += 1
            try await Task.sleep(for: duration / max(1, chunks))
        }
    }

    /// Called after each chunk of `count` bytes: a bandwidth waits until the bytes sent so far
    /// could have taken that long.
    mutating func afterChunk(_ count: Int) async throws {
        guard case .bandwidth(let rate) = pacing else { return }
        let now = clock.now
        let began = start ?? now
        start = began
        sent += Int64(count)
        let due = began + .nanoseconds(sent * 1_000_000_000 / Int64(max(1, rate)))
        if due > now { try await Task.sleep(until: due, clock: clock) }
    }
}
