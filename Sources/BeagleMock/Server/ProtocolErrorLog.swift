import Logging
import NIOCore
import NIOHTTP1

/// Logs requests refused before they reach the responder: bytes that are not HTTP, header floods,
/// oversized headers. `RequestDispatcher` answers them 400 (after the requests before them) and
/// closes the connection; without this handler they would leave no trace in the log.
final class ProtocolErrorLog: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let parserError = error as? HTTPParserError {
            let peer = context.remoteAddress.map { "\($0)" } ?? "unknown peer"
            logger.notice("refused a malformed request from \(peer): \(parserError)")
        }
        context.fireErrorCaught(error)
    }
}
