import Foundation
import Logging
import NIOCore

/// Logs, once, why a TLS handshake failed (a client that does not trust the certificate, a
/// protocol it does not share), and closes; it sits just above swift-nio-ssl's handler and leaves
/// the pipeline with the first bytes that come through TLS, when the handshake is over.
final class TLSHandshakeLog: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let logger: Logger
    private var logged = false

    init(logger: Logger) {
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !logged {
            logged = true
            let peer = PeerName.of(context)
            logger.notice(
                "TLS handshake from \(peer) failed (\(Self.reason(error))); a client that does not trust the CA fails so: beagle-mock ca"
            )
        }
        context.close(promise: nil)
    }

    /// BoringSSL's reasons (`CERTIFICATE_UNKNOWN`, `WRONG_VERSION_NUMBER`) without their source
    /// paths; the whole error when it has none.
    static func reason(_ error: any Error) -> String {
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
