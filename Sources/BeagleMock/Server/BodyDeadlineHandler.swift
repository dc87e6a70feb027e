import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Gives every request body a deadline (`--body-timeout`, Docs/Configuration.md): a body that has
/// not arrived in full by then makes the body read fail with ``Expired``, which the read stage
/// answers with 408.
///
/// Hummingbird's body reads wait for as long as bytes keep coming, and its idle timeout never
/// fires while they do, so one byte every few seconds held a connection for minutes. The timer
/// runs on the channel's event loop from the moment the head arrives and is cancelled by the
/// body's end; when it fires, the error travels down the pipeline to the async channel, whose
/// inbound stream then throws it to whoever is reading the body.
final class BodyDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    /// The error a body read fails with when the deadline passed first.
    struct Expired: Error, Sendable {
        /// The deadline, counted from the head.
        let timeout: Duration
    }

    private let timeout: Duration
    private var deadline: Scheduled<Void>?

    /// A handler that allows each body `timeout` to arrive in full.
    init(timeout: Duration) {
        self.timeout = timeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head) where head.announcesBody:
            arm(context)
        case .end:
            disarm()
        case .head, .body:
            break
        }
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    private func arm(_ context: ChannelHandlerContext) {
        disarm()
        let expired = Expired(timeout: timeout)
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) { [weak self] in
            self?.deadline = nil
            context.fireErrorCaught(expired)
        }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }
}
