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
    /// The listeners a server can have.
    package enum Listener: Sendable, Hashable {
        case http, https, reload, livePreview
    }

    private let bound = Mutex<[Listener: Int]>([:])
    /// The listeners that must be bound before the ports are reported.
    private let expected: Set<Listener>
    private let onRunning: @Sendable (ListeningPorts) async -> Void

    /// Ports reported once `http` and every one of `others` are bound.
    package init(expecting others: Set<Listener>, onRunning: @escaping @Sendable (ListeningPorts) async -> Void) {
        self.expected = others.union([.http])
        self.onRunning = onRunning
    }

    /// The `listener` is bound to `port`.
    package func bound(_ listener: Listener, port: Int) async {
        let ports = bound.withLock { bound -> ListeningPorts? in
            bound[listener] = port
            guard let http = bound[.http], expected.isSubset(of: bound.keys) else { return nil }
            return ListeningPorts(
                http: http, https: bound[.https], reload: bound[.reload], livePreview: bound[.livePreview])
        }
        if let ports { await onRunning(ports) }
    }
}
