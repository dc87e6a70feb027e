import NIOCore
import Synchronization

/// Whether anybody still waits for a request's answer, for work long enough to stop halfway (a
/// template's rendering, Docs/Templates.md, "Limits"): not once the client has closed its side or
/// left, nor once the server has begun to stop.
struct Abandonment: Sendable {
    let connection: ClientConnection
    let stopping: StopSignal

    /// A check that is cheap to call often: it watches the connection from its first call on.
    func watch() -> @Sendable () -> Bool {
        let departed = Atomic<Bool>(false)
        let connection = self.connection
        // The client's half-close keeps the channel active: its departure is the dispatcher's to tell.
        connection.whenDeparted { departed.store(true, ordering: .relaxed) }
        let stopping = self.stopping
        return { departed.load(ordering: .relaxed) || stopping.isStopping }
    }
}
