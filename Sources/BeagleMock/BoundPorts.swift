import BeagleMockEngine
import Synchronization

/// The ports a running server listens on.
public struct ListeningPorts: Sendable, Equatable {
    /// The HTTP port.
    public let http: Int
    /// The HTTPS port, when the server serves HTTPS.
    public let https: Int?
    /// The hot-reload WebSocket's port, when the server has one (`reloadPort`).
    public let reload: Int?
    /// The Live Preview WebSocket's port, when the server has one (`livePreviewPort`).
    public let livePreview: Int?

    package init(http: Int, https: Int?, reload: Int? = nil, livePreview: Int? = nil) {
        self.http = http
        self.https = https
        self.reload = reload
        self.livePreview = livePreview
    }
}

/// Collects the ports as each listener binds, and reports them once all are bound.
package final class BoundPorts: Sendable {
    private struct State {
        var http: Int?
        var https: Int?
        var reload: Int?
        var livePreview: Int?
    }
    private let state = Mutex(State())
    private let expectsTLS: Bool
    private let expectsReload: Bool
    private let expectsLivePreview: Bool
    private let onRunning: @Sendable (ListeningPorts) async -> Void

    package init(
        expectsTLS: Bool, expectsReload: Bool = false, expectsLivePreview: Bool = false,
        onRunning: @escaping @Sendable (ListeningPorts) async -> Void
    ) {
        self.expectsTLS = expectsTLS
        self.expectsReload = expectsReload
        self.expectsLivePreview = expectsLivePreview
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

    /// The hot-reload listener is bound to `port`.
    package func bound(reload port: Int) async {
        await report(
            state.withLock { state in
                state.reload = port
                return complete(state)
            })
    }

    /// The Live Preview listener is bound to `port`.
    package func bound(livePreview port: Int) async {
        await report(
            state.withLock { state in
                state.livePreview = port
                return complete(state)
            })
    }

    private func complete(_ state: State) -> ListeningPorts? {
        guard let http = state.http, !expectsTLS || state.https != nil, !expectsReload || state.reload != nil,
            !expectsLivePreview || state.livePreview != nil
        else {
            return nil
        }
        return ListeningPorts(http: http, https: state.https, reload: state.reload, livePreview: state.livePreview)
    }

    private func report(_ ports: ListeningPorts?) async {
        if let ports { await onRunning(ports) }
    }
}
