import Logging
import NIOCore

/// Answers a client that speaks plain HTTP on the HTTPS port (an `http://` URL with the TLS port)
/// with a 400 in plain HTTP that says so, then closes; a connection that opens with a TLS
/// handshake passes on untouched, and the handler leaves its pipeline.
final class PlainHTTPRefusal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let logger: Logger
    private var refused = false

    init(logger: Logger) {
        self.logger = logger
    }

    /// The answer: JSON, like every refusal of the mock's.
    static let answer: String = {
        let body = #"{"error":"this port serves HTTPS; use an https:// URL here, or the HTTP port (--port) for http://"}"#
        return "HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Connection: close\r\n\r\n" + body
    }()

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if refused { return }
        let buffer = unwrapInboundIn(data)
        guard let first = buffer.readableBytesView.first else { return }
        guard first != TLSContentType.handshake else {
            context.fireChannelRead(data)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            return
        }
        refused = true
        let peer = PeerName.of(context)
        logger.notice("answered 400 to a connection from \(peer) that spoke plain HTTP on the HTTPS port")
        let answer = context.channel.allocator.buffer(string: Self.answer)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(answer)).whenComplete { _ in channel.close(promise: nil) }
    }
}
