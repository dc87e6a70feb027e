import NIOCore
import NIOWebSocket

/// A push listener's connection once upgraded to WebSocket: it answers pings and a close, ignores
/// every other frame (a client's text is never relayed or obeyed), and on the server's shutdown
/// (Hummingbird's quiesce) sends a close frame, "going away", so that clients reconnect to the
/// next server rather than wait for a dead one.
final class PushFrameHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let clients: PushClients
    /// The path the client asked for in its upgrade.
    private let path: String
    private var closing = false

    init(clients: PushClients, path: String) {
        self.clients = clients
        self.path = path
    }

    func handlerAdded(context: ChannelHandlerContext) {
        clients.add(context.channel, path: path)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        clients.remove(context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        clients.remove(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .ping:
            guard frame.fin else { return close(context, code: .protocolError) }
            context.writeAndFlush(
                wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .connectionClose:
            // The client's close, answered with its code, then the connection ends.
            var data = frame.unmaskedData
            let code = data.readWebSocketErrorCode() ?? .normalClosure
            close(context, code: code)
        default:
            // Text, binary, pongs and continuations: nothing a client sends is acted on.
            break
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            close(context, code: .goingAway)
        } else if case ChannelEvent.inputClosed = event {
            // The client closed its side without a close frame: it has gone.
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// Sends a close frame with `code`, then closes the connection once it has left.
    private func close(_ context: ChannelHandlerContext, code: WebSocketErrorCode) {
        guard !closing else { return }
        closing = true
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)))
            .whenComplete { _ in channel.close(promise: nil) }
    }
}
