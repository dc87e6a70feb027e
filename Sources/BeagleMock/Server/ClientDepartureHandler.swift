import NIOCore

/// Notices when the client closes its side of the connection, so that a request the server is
/// holding (a `hang`) can end at once instead of at `--hang-max`.
///
/// Hummingbird allows remote half-closure, so a client that closes its socket only sends a FIN:
/// the channel stays open, and its close future does not complete until the server closes it.
/// The FIN arrives as `ChannelEvent.inputClosed`, which this handler turns into a future.
final class ClientDepartureHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias InboundOut = NIOAny

    private var departed: EventLoopPromise<Void>?

    /// Completes when the client has closed its side, or the connection has ended. Read it on
    /// the channel's event loop.
    var departure: EventLoopFuture<Void>? { departed?.futureResult }

    func handlerAdded(context: ChannelHandlerContext) {
        departed = context.eventLoop.makePromise(of: Void.self)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        departed?.succeed()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { departed?.succeed() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        departed?.succeed()
        context.fireChannelInactive()
    }
}

extension Channel {
    /// Completes when the client has closed its side of this connection, or the connection has
    /// ended; nil when the channel has no `ClientDepartureHandler`.
    func clientDeparture() async -> EventLoopFuture<Void>? {
        try? await eventLoop.submit { [self] in
            try pipeline.syncOperations.handler(type: ClientDepartureHandler.self).departure
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
