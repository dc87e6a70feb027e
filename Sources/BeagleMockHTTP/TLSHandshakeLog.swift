import Foundation
import Logging
import NIOCore
import NIOSSL
import NIOTLS

/// Watches a connection's TLS handshake, just above swift-nio-ssl's handler: a handshake that
/// fails is logged by its cause (``TLSHandshakeFailures`` counts repeats) and closed, and one that
/// has not finished within ``timeout`` of the connection's start is closed, so a client that
/// stalls in the middle of it holds no connection for long (Docs/HTTPS.md). Once the handshake is
/// over, it leaves the pipeline.
package final class TLSHandshakeLog: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer

    /// How long a handshake may take, from the connection's start.
    package static let defaultTimeout = TimeAmount.seconds(10)

    private let logger: Logger
    private let failures: TLSHandshakeFailures
    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?
    private var logged = false

    package init(logger: Logger, failures: TLSHandshakeFailures, timeout: TimeAmount = TLSHandshakeLog.defaultTimeout) {
        self.logger = logger
        self.failures = failures
        self.timeout = timeout
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startDeadline(context) }
    }

    package func channelActive(context: ChannelHandlerContext) {
        startDeadline(context)
        context.fireChannelActive()
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event {
            deadline?.cancel()
            deadline = nil
        }
        context.fireUserInboundEventTriggered(event)
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(context, reason: Self.reason(error))
    }

    private func startDeadline(_ context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        let timeout = self.timeout
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            self.deadline = nil
            self.fail(context, reason: "no handshake within \(timeout.nanoseconds / 1_000_000_000) s")
        }
    }

    /// Logs the failure (once for the connection) and closes it.
    private func fail(_ context: ChannelHandlerContext, reason: String) {
        if !logged {
            logged = true
            if let line = failures.line(reason: reason, peer: PeerName.of(context), at: context.eventLoop.now) {
                logger.notice("\(line)")
            }
        }
        context.close(promise: nil)
    }

    /// BoringSSL's reasons (`CERTIFICATE_UNKNOWN`, `WRONG_VERSION_NUMBER`) without their source
    /// paths; the whole error when it has none.
    package static func reason(_ error: any Error) -> String {
        let text = "\(error)"
        var reasons: [Substring] = []
        var rest = text[...]
        while let marker = rest.range(of: "OPENSSL_internal:") {
            let reason = rest[marker.upperBound...].prefix { $0.isUppercase || $0.isNumber || $0 == "_" }
            if !reason.isEmpty, !reasons.contains(reason) { reasons.append(reason) }
            rest = rest[marker.upperBound...]
        }
        return reasons.isEmpty ? text : reasons.joined(separator: ", ")
    }
}
