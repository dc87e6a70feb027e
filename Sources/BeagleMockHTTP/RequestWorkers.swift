import Synchronization

/// Long-lived tasks that run requests one after another, so that a request does not pay for a
/// new task: its creation and destruction, and the slabs its allocator takes from `malloc` for
/// the pipeline's async frames (about eleven a request), which a worker keeps and reuses.
///
/// A request goes to the worker that parked last, or to a new one when none waits; every request
/// still runs on Swift's global executor, off the event loops, as with a task of its own. A worker
/// parks again once its request is done, unless `idleLimit` workers already wait, and ends then.
/// A cancelled request ends its worker (a task's cancellation cannot be taken back).
package final class RequestWorkers: Sendable {
    /// A request handed to a worker.
    package typealias Work = @Sendable () async -> Void

    /// How many idle workers may wait for a request; more end once idle.
    package let idleLimit: Int

    private struct State {
        /// Parked workers, the last parked last: it is the next to run, its memory warm.
        var idle: [(worker: Worker, next: UnsafeContinuation<Job?, Never>)] = []
        /// Closed: parked workers have ended, and every other worker (one made for a later request
        /// among them) ends once its request is done.
        var closed = false
    }

    private let state = Mutex(State())

    /// Workers of which at most `idleLimit` wait for a request at a time.
    package init(idleLimit: Int = 64) {
        self.idleLimit = idleLimit
    }

    /// Runs `work` on an idle worker, or on a new one when none waits.
    @discardableResult
    package func run(_ work: @escaping Work) -> RequestRun {
        if let (worker, next) = state.withLock({ $0.idle.popLast() }) {
            let job = Job(work: work, run: RequestRun(on: worker))
            next.resume(returning: job)
            return job.run
        }
        let worker = Worker()
        let job = Job(work: work, run: RequestRun(on: worker))
        worker.start(with: job) { await Self.serve(on: worker, in: self) }
        return job.run
    }

    /// Ends the idle workers; those running a request end once it is done.
    package func close() {
        let idle = state.withLock { state in
            state.closed = true
            defer { state.idle = [] }
            return state.idle
        }
        for (_, next) in idle { next.resume(returning: nil) }
    }

    /// How many workers wait for a request (tests).
    package var idleCount: Int { state.withLock { $0.idle.count } }

    /// A worker's life: requests until it is cancelled, not wanted as an idle one, or closed.
    private static func serve(on worker: Worker, in workers: RequestWorkers) async {
        var next = worker.takeFirstJob()
        while await perform(taking: &next) {
            if Task.isCancelled { return }
            next = await workers.park(worker)
        }
    }

    /// Runs the job in `next` and lets it go, so that a parked worker keeps nothing of the
    /// requests it ran (their connections, bodies and responses); false when there is none.
    private static func perform(taking next: inout Job?) async -> Bool {
        guard let job = next.take() else { return false }
        await job.work()
        job.run.ended()
        return true
    }

    /// Waits for the next request; nil when the worker should end instead.
    private func park(_ worker: Worker) async -> Job? {
        await withUnsafeContinuation { next in
            let parked = state.withLock { state in
                guard !state.closed, state.idle.count < idleLimit else { return false }
                state.idle.append((worker, next))
                return true
            }
            if !parked { next.resume(returning: nil) }
        }
    }

    /// A request and its run.
    fileprivate struct Job: Sendable {
        let work: Work
        let run: RequestRun
    }

    /// A worker's task.
    fileprivate final class Worker: Sendable {
        private let state = Mutex<(task: Task<Void, Never>?, first: Job?)>((nil, nil))

        /// Starts the worker's task, which takes `job` first. Made under the lock, so that
        /// ``cancel()`` always finds it: a request can only reach the worker once it has started.
        func start(with job: Job, _ body: @escaping @Sendable () async -> Void) {
            state.withLock { state in
                state.first = job
                state.task = Task(operation: body)
            }
        }

        /// The request the worker was started for, once.
        func takeFirstJob() -> Job? {
            state.withLock { $0.first.take() }
        }

        /// Cancels the worker's task.
        func cancel() {
            state.withLock { $0.task }?.cancel()
        }
    }
}

/// One request on a worker of ``RequestWorkers``: it can be cancelled until it is done.
package final class RequestRun: Sendable {
    private let worker: RequestWorkers.Worker
    private let done = Mutex(false)

    fileprivate init(on worker: RequestWorkers.Worker) {
        self.worker = worker
    }

    /// Cancels the request, if it is not done: its worker's task, which ends with it.
    package func cancel() {
        // Under the lock, so that the worker cannot end this request and take another meanwhile.
        done.withLock { done in
            if !done { worker.cancel() }
        }
    }

    fileprivate func ended() {
        done.withLock { $0 = true }
    }
}
