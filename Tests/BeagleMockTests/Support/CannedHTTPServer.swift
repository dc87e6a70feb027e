import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` with a canned server, and stops the server whatever happens.
func withCannedServer<T>(
    _ behaviour: CannedHTTPServer.Behaviour, tls: NIOSSLContext? = nil, _ body: (CannedHTTPServer) async throws -> T
) async throws -> T {
    let server = try await CannedHTTPServer.start(behaviour, tls: tls)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// A TCP server on 127.0.0.1 that stands for servers that are not beagle-mock (another app on the
/// port, a proxy, a broken one, an upstream that misbehaves): it reads each request head, then
/// sends canned bytes and closes or resets, or never answers.
final class CannedHTTPServer: Sendable {
    /// What the server does once a request head has arrived.
    enum Behaviour: Sendable {
        /// Sends these bytes as they are, then closes the connection.
        case answer([UInt8])
        /// Sends these bytes as they are, then resets the connection (RST).
        case answerThenReset([UInt8])
        /// Sends these bytes as they are, then keeps the connection open and sends nothing more.
        case answerThenHold([UInt8])
        /// Keeps the connection open and sends nothing.
        case silent

        /// Sends `text` as UTF-8.
        static func answer(_ text: String) -> Behaviour { .answer(Array(text.utf8)) }
    }

    /// The port the server listens on.
    let port: Int
    private let listener: any Channel
    private let record: CannedRecord

    /// Starts a server on a free port; with `tls`, it speaks HTTPS.
    static func start(_ behaviour: Behaviour, tls: NIOSSLContext? = nil) async throws -> CannedHTTPServer {
        let record = CannedRecord()
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    record.opened(channel)
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try channel.pipeline.syncOperations.addHandler(
                        CannedAnswerHandler(behaviour: behaviour, record: record))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = listener.localAddress?.port else {
            try? await listener.close()
            throw ChannelError.unknownLocalAddress
        }
        return CannedHTTPServer(port: port, listener: listener, record: record)
    }

    private init(port: Int, listener: any Channel, record: CannedRecord) {
        self.port = port
        self.listener = listener
        self.record = record
    }

    /// The request heads received so far, as text.
    var requests: [String] { record.requests }

    /// Stops listening and closes every connection still open (a silent server's, for one).
    func stop() async {
        try? await listener.close()
        for connection in record.connections {
            try? await connection.close()
        }
    }
}

/// What a canned server has seen, shared between its event loop and the test.
final class CannedRecord: Sendable {
    private struct State {
        var connections: [any Channel] = []
        var requests: [String] = []
    }
    private let state = Mutex(State())

    /// Every accepted connection.
    var connections: [any Channel] { state.withLock { $0.connections } }

    /// The request heads received.
    var requests: [String] { state.withLock { $0.requests } }

    /// Notes an accepted connection, so that stopping the server closes it.
    func opened(_ channel: any Channel) {
        state.withLock { $0.connections.append(channel) }
    }

    /// Notes a whole request head.
    func received(_ head: String) {
        state.withLock { $0.requests.append(head) }
    }
}

/// Waits for a whole request head, then plays the server's ``CannedHTTPServer/Behaviour``.
///
/// It reads the head before answering because a close with unread bytes sends a reset, which
/// could destroy the canned answer before the probe reads it.
final class CannedAnswerHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let behaviour: CannedHTTPServer.Behaviour
    private let record: CannedRecord
    private var received: [UInt8] = []
    private var answered = false

    /// A handler playing `behaviour` and noting requests in `record`.
    init(behaviour: CannedHTTPServer.Behaviour, record: CannedRecord) {
        self.behaviour = behaviour
        self.record = record
    }

    /// Collects the request; once its head is whole, answers (or not).
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        received += unwrapInboundIn(data).readableBytesView
        guard let end = received.firstRange(of: Array("\r\n\r\n".utf8)) else { return }
        answered = true
        record.received(String(decoding: received[..<end.upperBound], as: UTF8.self))
        let channel = context.channel
        switch behaviour {
        case .answer(let bytes):
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: bytes))).whenComplete { _ in
                channel.close(promise: nil)
            }
        case .answerThenReset(let bytes):
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: bytes))).whenComplete { _ in
                // SO_LINGER with a zero timeout: the close sends RST.
                guard let options = channel as? any SocketOptionProvider else { return channel.close(promise: nil) }
                options.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
            }
        case .answerThenHold(let bytes):
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: bytes)), promise: nil)
        case .silent:
            return
        }
    }

    /// A probe that gave up mid-answer resets the connection; that ends it, nothing more.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
