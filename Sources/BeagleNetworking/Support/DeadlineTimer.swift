/// Runs a closure once a duration has passed, unless cancelled first.
struct DeadlineTimer: Sendable {
    private let task: Task<Void, Never>

    init(after duration: Duration, fire: @escaping @Sendable () -> Void) {
        task = Task.detached {
            do {
                try await Task.sleep(for: duration)
            } catch {
                return  // cancelled: the request finished first
            }
            fire()
        }
    }

    func cancel() {
        task.cancel()
    }
}
