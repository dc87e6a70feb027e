import BeagleMockEngine
import Synchronization

/// The ports a running server listens on.
public struct ListeningPorts: Sendable, Equatable {
    /// The HTTP port.
    public let http: Int
    /// The HTTPS port, when the server serves HTTPS.
    public let https: Int?
}

/// Collects the ports as each listener binds, and reports them once all are bound.
package final class BoundPorts: Sendable {
    private struct State {
        var http: Int?
        var https: Int?
    }
    private let state = Mutex(State())
    private let expectsTLS: Bool
    private let onRunning: @Sendable (ListeningPorts) async -> Void

    package init(expectsTLS: Bool, onRunning: @escaping @Sendable (ListeningPorts) async -> Void) {
        self.expectsTLS = expectsTLS
        self.onRunning = onRunning
    }

    /// The HTTP listener is bound to `port`.
    package func bound(http port: Int) async {
        await report(
            state.withLock { state in
                state.http = port
                return complete(state)
            })
    }

    /// The HTTPS listener is bound to `port`.
    package func bound(https port: Int) async {
        await report(
            state.withLock { state in
                state.https = port
                return complete(state)
            })
    }

    private func complete(_ state: State) -> ListeningPorts? {
        guard let http = state.http, !expectsTLS || state.https != nil else { return nil }
        return ListeningPorts(http: http, https: state.https)
    }

    private func report(_ ports: ListeningPorts?) async {
        if let ports { await onRunning(ports) }
    }
}
