/// Races a callback-based request against a deadline and against cancellation, so that its
/// completion runs exactly once whichever comes first, and the losers are cancelled.
///
/// The deadline does not wait for the request to acknowledge cancellation: URLSession on Linux
/// can hang past its own timeout (a 401 with `WWW-Authenticate: Basic`, swift-corelibs-foundation
/// #5456), and a task group would wait for such a request forever.
enum RequestRace {
    /// Starts `operation` and returns a token that cancels it.
    ///
    /// - Parameters:
    ///   - deadline: how long the request may take in total; `nil` for no deadline.
    ///   - timeout: the failure delivered when the deadline passes first.
    ///   - cancelled: the failure delivered when the returned token is cancelled first.
    ///   - completion: runs exactly once, on the thread of whichever outcome won.
    ///   - operation: starts the request, calling its argument when done.
    static func start<Success: Sendable, Failure: Error>(
        deadline: Duration?,
        timeout: @escaping @Sendable () -> Failure,
        cancelled: @escaping @Sendable () -> Failure,
        completion: @escaping @Sendable (Result<Success, Failure>) -> Void,
        operation: (@escaping @Sendable (Result<Success, Failure>) -> Void) -> (any RequestToken)?
    ) -> any RequestToken {
        let inner = TokenSlot()
        let timer = LockedValue<DeadlineTimer?>(nil)
        let gate = CompletionGate<Result<Success, Failure>> { result in
            timer.withLock { $0 }?.cancel()
            completion(result)
        }

        inner.store(operation { result in gate.finish(result) })

        if let deadline, !gate.isFinished {
            let deadlineTimer = DeadlineTimer(after: deadline) {
                if gate.finish(.failure(timeout())) { inner.cancel() }
            }
            timer.withLock { $0 = deadlineTimer }
            // The request may have finished between the check above and storing the timer.
            if gate.isFinished { deadlineTimer.cancel() }
        }

        return ClosureRequestToken {
            if gate.finish(.failure(cancelled())) { inner.cancel() }
        }
    }

    /// Awaits `operation` under a deadline; cancelling the awaiting task cancels the request.
    static func result<Success: Sendable, Failure: Error>(
        deadline: Duration?,
        timeout: @escaping @Sendable () -> Failure,
        cancelled: @escaping @Sendable () -> Failure,
        operation: (@escaping @Sendable (Result<Success, Failure>) -> Void) -> (any RequestToken)?
    ) async -> Result<Success, Failure> {
        // Don't send a request that nobody is waiting for any more.
        if Task.isCancelled { return .failure(cancelled()) }
        let race = TokenSlot()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let token = start(
                    deadline: deadline,
                    timeout: timeout,
                    cancelled: cancelled,
                    completion: { continuation.resume(returning: $0) },
                    operation: operation
                )
                race.store(token)
            }
        } onCancel: {
            race.cancel()
        }
    }
}

extension RequestRace {
    /// `start` for the Beagle-level calls (view client, image downloader), whose timeout and
    /// cancellation errors name the path as the caller gave it.
    static func start<Success: Sendable>(
        path: String,
        deadline: Duration?,
        completion: @escaping @Sendable (Result<Success, Request.Error>) -> Void,
        operation: (@escaping @Sendable (Result<Success, Request.Error>) -> Void) -> (any RequestToken)?
    ) -> any RequestToken {
        start(
            deadline: deadline, timeout: { .timeout(path: path) }, cancelled: { .cancelled(path: path) },
            completion: completion, operation: operation)
    }

    /// `result` for the Beagle-level calls, whose errors name the path as the caller gave it.
    static func result<Success: Sendable>(
        path: String,
        deadline: Duration?,
        operation: (@escaping @Sendable (Result<Success, Request.Error>) -> Void) -> (any RequestToken)?
    ) async -> Result<Success, Request.Error> {
        await result(
            deadline: deadline, timeout: { .timeout(path: path) }, cancelled: { .cancelled(path: path) },
            operation: operation)
    }
}
