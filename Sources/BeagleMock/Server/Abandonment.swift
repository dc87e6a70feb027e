import NIOCore
import Synchronization

/// Whether anybody still waits for a request's answer, for work long enough to stop halfway (a
/// template's rendering, Docs/Templates.md, "Limits"): not once the client has closed its side or
/// left, nor once the server has begun to stop.
struct Abandonment: Sendable {
    let channel: any Channel
    let stopping: StopSignal

    /// A check that is cheap to call often: it watches the connection from its first call on.
    func watch() -> @Sendable () -> Bool {
        let departed = Atomic<Bool>(false)
        let channel = self.channel
        // The client's half-close keeps the channel active: its departure is the dispatcher's to tell.
        channel.eventLoop.execute {
            let departure = try? channel.pipeline.syncOperations.handler(type: RequestDispatcher.self).departure
            (departure ?? channel.closeFuture).whenComplete { _ in departed.store(true, ordering: .relaxed) }
            channel.closeFuture.whenComplete { _ in departed.store(true, ordering: .relaxed) }
        }
        let stopping = self.stopping
        return { departed.load(ordering: .relaxed) || stopping.isStopping }
    }
}
