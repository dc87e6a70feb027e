import HummingbirdCore
import Logging
import NIOCore
import NIOSSL

/// One connection on the HTTPS port: ``PlainHTTPRefusal`` answers a client that speaks plain HTTP
/// there, swift-nio-ssl's server handler runs TLS (1.2 at least), ``TLSHandshakeLog`` closes a
/// handshake that fails or stalls and logs why, and above them the same HTTP/1 handlers as on the
/// HTTP port (``MockHTTP1Channel``), told that the connection is TLS for the journal. Faults keep their meaning: what the handlers above write
/// goes through TLS, and a reset resets the TCP connection underneath.
package struct TLSChildChannel: ServerChildChannel {
    package typealias Value = MockHTTP1Channel.Value

    /// The HTTP/1 handlers, with `tls` set.
    package let base: MockHTTP1Channel
    /// The server's certificate and key, ALPN `http/1.1`.
    package let context: NIOSSLContext
    /// Where refused connections and failed handshakes are logged.
    package let logger: Logger
    /// The failed handshakes of every connection on the port, for the log.
    package let failures = TLSHandshakeFailures()

    package init(base: MockHTTP1Channel, context: NIOSSLContext, logger: Logger) {
        var base = base
        base.tls = true
        self.base = base
        self.context = context
        self.logger = logger
    }

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(PlainHTTPRefusal(logger: self.logger))
            try operations.addHandler(NIOSSLServerHandler(context: context))
            try operations.addHandler(TLSHandshakeLog(logger: self.logger, failures: failures))
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    package func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// The first byte of a TLS connection: the content type of a handshake (22).
package enum TLSContentType {
    package static let handshake: UInt8 = 0x16
}
