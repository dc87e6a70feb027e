import BeagleMockEngine
import BeagleMockHTTP
import ServiceLifecycle

/// Hot reload for Beagle Flutter (`--reload-port`, Docs/LivePreview.md): the text `reload` to
/// every client of the reload listener after each burst of changes to a served file, so that the
/// app fetches its route again over HTTP, where latency and faults still apply.
package struct ReloadDoor: Service {
    /// What the listener's clients are.
    package let clients: PushClients
    /// The served files' changes.
    package let changes: ServedFileChanges

    /// The frame each change sends: Beagle Flutter's `hot_reloading_watcher` reloads on it.
    package static let frame = "reload"

    package init(clients: PushClients, changes: ServedFileChanges) {
        self.clients = clients
        self.changes = changes
    }

    package func run() async throws {
        let (clients, updates) = (self.clients, changes.follow())
        await cancelWhenGracefulShutdown {
            for await _ in updates { clients.broadcast { _ in Self.frame } }
        }
    }
}
