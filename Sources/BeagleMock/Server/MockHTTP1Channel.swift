import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with ``RequestFramingCheck`` inserted right after NIO's request
/// decoder, where `HTTP1Channel.Configuration.additionalChannelHandlers` cannot reach: those go
/// after the conversion to `HTTPRequest`, which hides the version and all but the first `Host`.
struct MockHTTP1Channel: ServerChildChannel {
    /// The async channel Hummingbird serves requests from.
    typealias Value = HTTP1Channel.Value

    /// The channel doing the work.
    let http1: HTTP1Channel
    /// Where refused requests are logged.
    let logger: Logger

    /// Builds Hummingbird's pipeline, then adds the framing check after its request decoder; this
    /// runs on the channel's event loop before the first read.
    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let checkLogger = self.logger
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try operations.addHandler(RequestFramingCheck(logger: checkLogger), position: .after(decoder))
            return value
        }
    }

    /// Serves the requests of one connection, as Hummingbird does.
    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
