import NIOCore

/// Notices when the client closes its side of the connection, so that a request the server is
/// holding (a `hang`) can end at once instead of at `--hang-max`.
///
/// Hummingbird allows remote half-closure, so a client that closes its socket only sends a FIN:
/// the channel stays open, and its close future does not complete until the server closes it.
/// The FIN arrives as `ChannelEvent.inputClosed`, which this turns into a future. Held by
/// ``HTTPConnectionHandler``, which sees those events, rather than by a handler of its own that
/// every part of every request would cross; the pipeline reads it through its
/// ``ClientConnection``.
package struct ClientDeparture {
    private var departed: EventLoopPromise<Void>?

    /// Completes when the client has closed its side, or the connection has ended. Read it on
    /// the channel's event loop.
    package var future: EventLoopFuture<Void>? { departed?.futureResult }

    /// Starts watching a connection served on `eventLoop`.
    package mutating func start(on eventLoop: any EventLoop) {
        departed = eventLoop.makePromise(of: Void.self)
    }

    /// The client closed its side, or the connection ended.
    package func noteDeparture() {
        departed?.succeed()
    }
}
