/// A request token that runs a closure when cancelled.
struct ClosureRequestToken: RequestToken {
    let onCancel: @Sendable () -> Void

    func cancel() {
        onCancel()
    }
}
