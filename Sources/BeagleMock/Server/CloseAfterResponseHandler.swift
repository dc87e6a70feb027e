import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes the connection once a response that says `Connection: close` has been written.
///
/// Hummingbird keeps a connection open after a response carrying `Connection: close` (it only
/// honours the request's header), but a response that says so must end the connection: clients
/// that pool connections would otherwise re-send a request silently after a later fault.
final class CloseAfterResponseHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var closeAfterEnd = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.code >= 200:
            closeAfterEnd = head.headerFields[.connection]?.lowercased() == "close"
            context.write(data, promise: promise)
        case .end where closeAfterEnd:
            closeAfterEnd = false
            let written = promise ?? context.eventLoop.makePromise()
            context.write(data, promise: written)
            let boundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
            written.futureResult.whenComplete { _ in
                boundContext.value.close(promise: nil)
            }
        default:
            context.write(data, promise: promise)
        }
    }
}
