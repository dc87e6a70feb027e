import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// The connections of a push listener (`--reload-port`, Docs/LivePreview.md): HTTP/1 until a
/// WebSocket upgrade, accepted on any path, then ``PushFrameHandler``. A request that does not ask
/// to upgrade gets 426 and the connection closes.
package struct PushChannel: ServerChildChannel {
    package struct Value: ServerChildChannelValue {
        package let channel: any Channel
    }

    package let clients: PushClients

    package init(clients: PushClients) {
        self.clients = clients
    }

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let clients = self.clients
        let refusal = UpgradeRequired()
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: PushClients.largestClientFrame, automaticErrorHandling: true,
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
            upgradePipelineHandler: { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(PushFrameHandler(clients: clients, path: head.uri))
                }
            })
        return channel.eventLoop.makeCompletedFuture {
            try channel.syncOptions?.setOption(
                ChannelOptions.writeBufferWaterMark,
                value: .init(low: PushClients.writeBufferLimit / 2, high: PushClients.writeBufferLimit))
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                withServerUpgrade: (
                    upgraders: [upgrader],
                    completionHandler: { context in
                        context.pipeline.syncOperations.removeHandler(refusal, promise: nil)
                    }
                ))
            try channel.pipeline.syncOperations.addHandler(refusal)
            return Value(channel: channel)
        }
    }

    package func handle(value: Value, logger: Logger) async {
        await withTaskCancellationHandler {
            try? await value.channel.closeFuture.get()
        } onCancel: {
            value.channel.close(promise: nil)
        }
    }
}

/// Answers a request on a push listener that is not a WebSocket upgrade: 426, saying what the
/// port is for, then a close.
final class UpgradeRequired: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data) else { return }
        let text = "This port speaks WebSocket only (Beagle's live preview or hot reload, Docs/LivePreview.md).\n"
        var body = context.channel.allocator.buffer(capacity: text.utf8.count)
        body.writeString(text)
        var headers = HTTPHeaders()
        headers.add(name: "Upgrade", value: "websocket")
        headers.add(name: "Connection", value: "close")
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: "\(body.readableBytes)")
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .upgradeRequired, headers: headers))),
            promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
