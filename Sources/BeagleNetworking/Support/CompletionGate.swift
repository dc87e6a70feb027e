/// Lets exactly one of several racing outcomes (the response, a deadline, a cancel) reach a
/// completion handler; the others are dropped.
final class CompletionGate<Value: Sendable>: Sendable {
    private enum State: Sendable {
        case pending(@Sendable (Value) -> Void)
        case finished
    }

    private let state: LockedValue<State>

    init(_ completion: @escaping @Sendable (Value) -> Void) {
        state = LockedValue(.pending(completion))
    }

    /// Delivers `value` if nothing was delivered before; returns whether this call won.
    ///
    /// The completion runs outside the lock, on the caller's thread, so a completion that
    /// re-enters the gate (or cancels its own request) cannot deadlock.
    @discardableResult
    func finish(_ value: Value) -> Bool {
        let completion: (@Sendable (Value) -> Void)? = state.withLock { state in
            guard case .pending(let completion) = state else { return nil }
            state = .finished
            return completion
        }
        guard let completion else { return false }
        completion(value)
        return true
    }

    /// Whether a value has already been delivered.
    var isFinished: Bool {
        state.withLock { state in
            if case .finished = state { return true }
            return false
        }
    }
}
