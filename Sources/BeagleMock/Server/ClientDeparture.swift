import NIOCore

/// Notices when the client closes its side of the connection, so that a request the server is
/// holding (a `hang`) can end at once instead of at `--hang-max`.
///
/// Hummingbird allows remote half-closure, so a client that closes its socket only sends a FIN:
/// the channel stays open, and its close future does not complete until the server closes it.
/// The FIN arrives as `ChannelEvent.inputClosed`, which this turns into a future. Held by
/// ``RequestDispatcher``, which sees those events, rather than by a handler of its own that
/// every part of every request would cross.
struct ClientDeparture {
    private var departed: EventLoopPromise<Void>?

    /// Completes when the client has closed its side, or the connection has ended. Read it on
    /// the channel's event loop.
    var future: EventLoopFuture<Void>? { departed?.futureResult }

    /// Starts watching a connection served on `eventLoop`.
    mutating func start(on eventLoop: any EventLoop) {
        departed = eventLoop.makePromise(of: Void.self)
    }

    /// The client closed its side, or the connection ended.
    func noteDeparture() {
        departed?.succeed()
    }
}

extension Channel {
    /// Completes when the client has closed its side of this connection, or the connection has
    /// ended; nil when the channel has no ``RequestDispatcher``.
    func clientDeparture() async -> EventLoopFuture<Void>? {
        try? await eventLoop.submit { [self] in
            try pipeline.syncOperations.handler(type: RequestDispatcher.self).departure
        }.get()
    }

    /// Returns when the client has left (closed or reset its side) or the connection has ended;
    /// returns early, without either, when the task is cancelled. Says whether the client left.
    func waitForClientDeparture() async -> Bool {
        let departure = await clientDeparture() ?? closeFuture
        // An AsyncStream ends its loop when the task is cancelled, unlike departure.get().
        let (departed, continuation) = AsyncStream<Void>.makeStream()
        departure.whenComplete { _ in continuation.finish() }
        closeFuture.whenComplete { _ in continuation.finish() }
        for await _ in departed {}
        return !Task.isCancelled
    }
}
