import Dispatch

/// Holds the token of a request that may be cancelled before its token exists, or after.
///
/// Cancelling hops to a global queue before calling the token's `cancel()`: on Linux,
/// `URLSessionTask.cancel()` called from inside a cancellation handler can deadlock against the
/// task's completion (swift-corelibs-foundation #5417).
final class TokenSlot: Sendable {
    private enum State: Sendable {
        case empty
        case holding(any RequestToken)
        case cancelled
    }

    private let state = LockedValue(State.empty)

    /// Keeps `token`, or cancels it at once if the slot was cancelled before it arrived.
    func store(_ token: (any RequestToken)?) {
        guard let token else { return }
        let cancelNow: Bool = state.withLock { state in
            switch state {
            case .empty, .holding:
                state = .holding(token)
                return false
            case .cancelled:
                return true
            }
        }
        if cancelNow { Self.cancelAfterHop(token) }
    }

    /// Cancels the held token, now or as soon as it is stored.
    func cancel() {
        let token: (any RequestToken)? = state.withLock { state in
            defer { state = .cancelled }
            if case .holding(let token) = state { return token }
            return nil
        }
        if let token { Self.cancelAfterHop(token) }
    }

    private static func cancelAfterHop(_ token: any RequestToken) {
        DispatchQueue.global().async { token.cancel() }
    }
}
