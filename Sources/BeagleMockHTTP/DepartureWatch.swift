import NIOCore
import Synchronization

/// Whether anybody still waits for a request's answer, for work long enough to stop halfway (a
/// template's rendering, Docs/Templates.md, "Limits"): not once the client has closed its side or
/// left, nor once the server has begun to stop.
package struct DepartureWatch: Sendable {
    package let connection: ClientConnection
    package let stopping: StopSignal

    /// The watch of `connection`'s client, and of the server's `stopping`.
    package init(connection: ClientConnection, stopping: StopSignal) {
        self.connection = connection
        self.stopping = stopping
    }

    /// `work`'s result, or nil when the client leaves or the server begins to stop first: `work`
    /// is cancelled then, and this returns once it has ended (a wait that heeds cancellation ends
    /// at once).
    package func cancelling<T: Sendable>(_ work: @escaping @Sendable () async -> T) async -> T? {
        let (connection, stopping) = (self.connection, self.stopping)
        return await withTaskGroup(of: T?.self) { group in
            group.addTask { await work() }
            group.addTask {
                await withTaskGroup(of: Void.self) { watch in
                    watch.addTask { await Self.departure(of: connection) }
                    watch.addTask { await stopping.wait() }
                    await watch.next()
                    watch.cancelAll()
                }
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Returns when the client has left (closed or reset its side) or the connection has ended;
    /// returns early, without either, when the task is cancelled. Says whether the client left.
    @discardableResult
    package static func departure(of connection: ClientConnection) async -> Bool {
        // An AsyncStream ends its loop when the task is cancelled, unlike a future's get().
        let (departed, continuation) = AsyncStream<Void>.makeStream()
        connection.whenDeparted { continuation.finish() }
        for await _ in departed {}
        return !Task.isCancelled
    }

    /// A check that is cheap to call often: it watches the connection from its first call on.
    package func watch() -> @Sendable () -> Bool {
        let departed = Atomic<Bool>(false)
        let connection = self.connection
        // The client's half-close keeps the channel active: its departure is the dispatcher's to tell.
        connection.whenDeparted { departed.store(true, ordering: .relaxed) }
        let stopping = self.stopping
        return { departed.load(ordering: .relaxed) || stopping.isStopping }
    }
}
