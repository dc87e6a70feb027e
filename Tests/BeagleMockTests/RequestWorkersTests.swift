import Synchronization
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// Requests run on long-lived workers: one after another on the same task, never more idle
/// workers than the limit, a cancelled request's worker never used again, and none left once
/// closed.
@Suite struct RequestWorkersTests {
    /// The task that runs `work`, and what `work` saw of its cancellation.
    struct Seen: Sendable, Equatable {
        let task: UnsafeCurrentTaskID
        let cancelled: Bool
    }

    /// A task's identity that can leave the task (its hash, as `UnsafeCurrentTask` must not).
    typealias UnsafeCurrentTaskID = Int

    /// Runs a request that reports its task and whether it was cancelled, and waits for it.
    static func runOnce(_ workers: RequestWorkers) async -> Seen {
        await withCheckedContinuation { continuation in
            workers.run {
                let task = withUnsafeCurrentTask { $0?.hashValue ?? 0 }
                continuation.resume(returning: Seen(task: task, cancelled: Task.isCancelled))
            }
        }
    }

    /// Waits until `count` workers are parked (each parks right after its request ends).
    static func idle(_ workers: RequestWorkers, _ count: Int) async {
        while workers.idleCount < count { await Task.yield() }
    }

    @Test func requestsOneAfterAnotherRunOnTheSameWorker() async {
        let workers = RequestWorkers()
        defer { workers.close() }
        let first = await Self.runOnce(workers)
        #expect(!first.cancelled)
        await Self.idle(workers, 1)
        // The next request takes the parked worker rather than a new task.
        let gate = Gate()
        let (done, doneContinuation) = AsyncStream<Void>.makeStream()
        workers.run {
            await gate.wait()
            doneContinuation.yield()
        }
        #expect(workers.idleCount == 0)
        gate.open()
        var iterator = done.makeAsyncIterator()
        await iterator.next()
        await Self.idle(workers, 1)
    }

    /// A parked worker holds nothing of the requests it ran (their connections and bodies), neither
    /// the first it was made for nor a later one.
    @Test func aParkedWorkerKeepsNothingOfItsRequests() async {
        let workers = RequestWorkers()
        defer { workers.close() }
        for count in 1...2 {
            weak var released: Token?
            do {
                let token = Token()
                released = token
                await withCheckedContinuation { continuation in
                    workers.run {
                        withExtendedLifetime(token) {}
                        continuation.resume()
                    }
                }
            }
            await Self.idle(workers, 1)
            #expect(released == nil, "request \(count)")
        }
    }

    @Test func noMoreWorkersWaitThanTheLimit() async {
        let workers = RequestWorkers(idleLimit: 1)
        defer { workers.close() }
        // Two requests at once: two workers, held until both have started.
        let (started, startedContinuation) = AsyncStream<Int>.makeStream()
        let gate = Gate()
        for _ in 0..<2 {
            workers.run {
                startedContinuation.yield(withUnsafeCurrentTask { $0?.hashValue ?? 0 })
                await gate.wait()
            }
        }
        var tasks = Set<Int>()
        for await task in started {
            tasks.insert(task)
            if tasks.count == 2 { break }
        }
        #expect(tasks.count == 2)
        gate.open()
        await Self.idle(workers, 1)
        for _ in 0..<100 { await Task.yield() }
        #expect(workers.idleCount == 1)
    }

    @Test func aCancelledRequestsWorkerIsNotUsedAgain() async {
        let workers = RequestWorkers()
        defer { workers.close() }
        let (seen, continuation) = AsyncStream<Seen>.makeStream()
        let gate = Gate()
        let run = workers.run {
            await gate.wait()
            continuation.yield(Seen(task: withUnsafeCurrentTask { $0?.hashValue ?? 0 }, cancelled: Task.isCancelled))
        }
        run.cancel()
        gate.open()
        var iterator = seen.makeAsyncIterator()
        let cancelled = await iterator.next()
        #expect(cancelled?.cancelled == true)
        // Its worker ended instead of parking: the next request gets a new, uncancelled task.
        let next = await Self.runOnce(workers)
        #expect(!next.cancelled)
    }

    @Test func cancellingADoneRequestLeavesItsWorkersNextOneAlone() async {
        let workers = RequestWorkers()
        defer { workers.close() }
        let (done, doneContinuation) = AsyncStream<Void>.makeStream()
        let first = workers.run { doneContinuation.yield() }
        var iterator = done.makeAsyncIterator()
        await iterator.next()
        await Self.idle(workers, 1)
        let (seen, seenContinuation) = AsyncStream<Seen>.makeStream()
        let gate = Gate()
        workers.run {
            await gate.wait()
            seenContinuation.yield(Seen(task: 0, cancelled: Task.isCancelled))
        }
        first.cancel()
        gate.open()
        var seenIterator = seen.makeAsyncIterator()
        #expect(await seenIterator.next()?.cancelled == false)
    }

    @Test func closingEndsTheIdleWorkersAndLaterOnesDoNotPark() async {
        let workers = RequestWorkers()
        _ = await Self.runOnce(workers)
        await Self.idle(workers, 1)
        workers.close()
        #expect(workers.idleCount == 0)
        // A request after the close still runs, on a worker that then ends.
        let after = await Self.runOnce(workers)
        #expect(!after.cancelled)
        for _ in 0..<100 { await Task.yield() }
        #expect(workers.idleCount == 0)
    }
}

/// Something a request holds, to see when it is let go.
private final class Token: Sendable {}

/// Holds requests until opened.
private final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resume = state.withLock { state in
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if resume { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
