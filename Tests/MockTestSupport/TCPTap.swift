import NIOCore
import NIOPosix

/// A TCP relay in front of a server under test that keeps every byte clients send through it
/// and tells when each client connection ends, so that a test can see what an HTTP client
/// library really put on the wire (its headers) and await the moment a request reached the
/// server, or the moment the client gave up on it.
///
/// It relays bytes, not connection endings: a reset from the server reaches the client as a
/// close. Point fault tests at the server itself.
public final class TCPTap: Sendable {
    /// What the tap has seen so far.
    public struct Snapshot: Sendable {
        /// Per client connection, in the order they were accepted: the bytes the client sent and
        /// whether it has closed the connection.
        public var connections: [Connection] = []

        /// Everything clients sent, as text, connection after connection.
        public var sentText: String {
            connections.map { String(decoding: $0.sent, as: UTF8.self) }.joined()
        }
    }

    /// One client connection through the tap.
    public struct Connection: Sendable {
        /// The bytes the client sent.
        public var sent: [UInt8] = []
        /// True once the client closed its side (or the connection ended).
        public var clientClosed = false
        /// The bytes as text.
        public var sentText: String { String(decoding: sent, as: UTF8.self) }
    }

    /// The port clients connect to.
    public let port: Int
    private let listener: any Channel
    private let record: TapRecord

    /// Starts a tap on `127.0.0.1`, on a free port, relaying to `127.0.0.1:upstreamPort`.
    public static func start(forwardingTo upstreamPort: Int) async throws -> TCPTap {
        let record = TapRecord()
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.autoRead, value: false)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let id = record.open()
                    try channel.pipeline.syncOperations.addHandler(
                        ClientSideHandler(id: id, upstreamPort: upstreamPort, record: record))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = listener.localAddress?.port else {
            try? await listener.close()
            throw IOError(errnoCode: EADDRNOTAVAIL, reason: "the tap has no local port")
        }
        return TCPTap(port: port, listener: listener, record: record)
    }

    private init(port: Int, listener: any Channel, record: TapRecord) {
        self.port = port
        self.listener = listener
        self.record = record
    }

    /// What the tap has seen so far.
    public var snapshot: Snapshot { record.snapshot }

    /// Waits until `condition` holds for what the tap has seen; false when `timeout` passes first.
    public func wait(timeout: Duration = .seconds(30), until condition: @escaping @Sendable (Snapshot) -> Bool) async -> Bool {
        await record.wait(timeout: timeout, until: condition)
    }

    /// Stops accepting connections; relayed connections end when either side closes.
    public func close() async {
        try? await listener.close()
    }
}

/// The tap's shared record, written from event loops and read by tests.
private final class TapRecord: Sendable {
    private let state = ObservedState(TCPTap.Snapshot())

    var snapshot: TCPTap.Snapshot { state.value }

    func open() -> Int {
        state.change { snapshot in
            snapshot.connections.append(TCPTap.Connection())
            return snapshot.connections.count - 1
        }
    }

    func sent(_ bytes: ByteBuffer, on id: Int) {
        state.change { $0.connections[id].sent += bytes.readableBytesView }
    }

    func clientClosed(_ id: Int) {
        state.change { $0.connections[id].clientClosed = true }
    }

    func wait(timeout: Duration, until condition: @escaping @Sendable (TCPTap.Snapshot) -> Bool) async -> Bool {
        await state.wait(timeout: timeout) { condition($0) ? true : nil } ?? false
    }
}

/// The client's side of a relayed connection: opens the upstream connection, then copies the
/// client's bytes to it, keeping a copy.
private final class ClientSideHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    let id: Int
    let upstreamPort: Int
    let record: TapRecord
    private var upstream: (any Channel)?
    private var closed = false

    init(id: Int, upstreamPort: Int, record: TapRecord) {
        self.id = id
        self.upstreamPort = upstreamPort
        self.record = record
    }

    func channelActive(context: ChannelHandlerContext) {
        let client = context.channel
        let connected = ClientBootstrap(group: context.eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(UpstreamHandler(client: client))
                }
            }
            .connect(host: "127.0.0.1", port: upstreamPort)
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        connected.whenComplete { result in
            switch result {
            case .success(let upstream):
                handler.value.upstream = upstream
                if handler.value.closed {
                    upstream.close(promise: nil)
                } else {
                    _ = client.setOption(.autoRead, value: true)
                }
            case .failure:
                client.close(promise: nil)
            }
        }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        record.sent(bytes, on: id)
        upstream?.writeAndFlush(bytes, promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        closed = true
        record.clientClosed(id)
        upstream?.close(promise: nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// The server's side of a relayed connection: copies the server's bytes back to the client.
private final class UpstreamHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    let client: any Channel

    init(client: any Channel) {
        self.client = client
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        client.writeAndFlush(unwrapInboundIn(data), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        client.close(promise: nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// Runs `body` with a tap in front of `127.0.0.1:port`, and closes the tap whatever happens.
public func withTCPTap<T>(forwardingTo port: Int, _ body: (TCPTap) async throws -> T) async throws -> T {
    let tap = try await TCPTap.start(forwardingTo: port)
    do {
        let result = try await body(tap)
        await tap.close()
        return result
    } catch {
        await tap.close()
        throw error
    }
}
