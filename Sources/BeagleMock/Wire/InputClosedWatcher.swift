import NIOCore

/// Tells when the client has closed its side of the connection.
///
/// Hummingbird allows remote half-closure, so a client's FIN does not close the channel: without
/// this, a hanging request would outlive its client until `--hang-max` and never be journalled as
/// `client-gone`. Placed first in the pipeline, it passes everything on untouched.
final class InputClosedWatcher: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = ByteBuffer

    private let onInputClosed: @Sendable () -> Void

    init(onInputClosed: @escaping @Sendable () -> Void) {
        self.onInputClosed = onInputClosed
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event as? ChannelEvent == .some(.inputClosed) { onInputClosed() }
        context.fireUserInboundEventTriggered(event)
    }
}
