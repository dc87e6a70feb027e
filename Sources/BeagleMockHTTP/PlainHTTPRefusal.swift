import HTTPTypes
import Logging
import NIOCore
import NIOSSL

/// Has a client that speaks plain HTTP on the HTTPS port (an `http://` URL with the TLS port)
/// answered with a 400 in plain HTTP that says so, then closed: the TLS handlers, which have seen
/// nothing yet, leave the pipeline, and ``HTTPConnectionHandler``'s machine refuses the connection
/// as it refuses any (``FramingEvent/refused(_:)``). A connection that opens with a TLS handshake
/// passes on untouched, and this handler leaves its pipeline.
package final class PlainHTTPRefusal: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer

    private let logger: Logger
    private var refused = false

    package init(logger: Logger) {
        self.logger = logger
    }

    /// The refusal: JSON, like every refusal of the mock's.
    package static let refusal = FramingRefusal(
        status: .badRequest, message: "this port serves HTTPS; use an https:// URL here, or the HTTP port (--port) for http://")

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
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
        let operations = context.pipeline.syncOperations
        if let tls = try? operations.handler(type: NIOSSLServerHandler.self) { operations.removeHandler(tls, promise: nil) }
        if let log = try? operations.handler(type: TLSHandshakeLog.self) { operations.removeHandler(log, promise: nil) }
        context.fireUserInboundEventTriggered(FramingEvent.refused(Self.refusal))
    }
}
