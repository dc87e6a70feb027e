import BeagleMock
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// A TCP connection to a server under test that sends exactly the bytes it is given and reports
/// exactly the bytes that come back and how the connection ended: what a test of bytes on the
/// wire needs, and what an HTTP client library hides. With `tls`, the bytes are those inside a
/// TLS connection (swift-nio-ssl's client, checking the certificate against the roots given).
public final class RawConnection: Sendable {
    /// How the server ended the connection, as seen from the client.
    public enum Ending: Sendable, Equatable {
        /// An orderly close (FIN).
        case closed
        /// A TCP reset (RST).
        case reset
        /// Still open when the wait ended.
        case open
    }

    private let channel: any Channel
    private let inbox: Inbox

    /// Connects to `host:port`, and sends `first` as soon as the connection is up, on the
    /// connection's own thread: a test that measures from the connection's start does not depend on
    /// when its task runs again.
    public static func connect(
        host: String = "127.0.0.1", port: Int, sending first: String? = nil, tls: TLSClientSide? = nil
    ) async throws -> RawConnection {
        let inbox = Inbox()
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            // Far above NIO's 10 s: when the suite starts, dozens of processes start at once on two
            // cores, and a connection's completion can wait its turn for that long.
            .connectTimeout(.seconds(60))
            .channelOption(.allowRemoteHalfClosure, value: true)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: tls.context, serverHostname: tls.serverName))
                    }
                    try channel.pipeline.syncOperations.addHandler(InboxHandler(inbox: inbox))
                }
            }
            .connect(host: host, port: port)
            .flatMap { channel in
                guard let first else { return channel.eventLoop.makeSucceededFuture(channel) }
                return channel.writeAndFlush(ByteBuffer(string: first)).map { channel }
            }
            .get()
        return RawConnection(channel: channel, inbox: inbox)
    }

    private init(channel: any Channel, inbox: Inbox) {
        self.channel = channel
        self.inbox = inbox
    }

    /// Sends bytes as they are.
    public func send(_ bytes: [UInt8]) async throws {
        try await channel.writeAndFlush(ByteBuffer(bytes: bytes))
    }

    /// Sends text as UTF-8, as it is (write `\r\n` yourself).
    public func send(_ text: String) async throws {
        try await send(Array(text.utf8))
    }

    /// Closes the sending half (a half-close), keeping the receiving half open.
    public func shutdownOutput() async throws {
        try await channel.close(mode: .output)
    }

    /// Reads until the server ends the connection or `timeout` passes; returns what arrived
    /// and how it ended.
    public func readToEnd(timeout: Duration = .seconds(10)) async -> (bytes: [UInt8], ending: Ending) {
        let deadline = ContinuousClock.now + timeout
        while true {
            let seen = inbox.version
            if inbox.ending != nil { break }
            guard await inbox.waitForMore(after: seen, until: deadline) else { break }
        }
        return (inbox.take(), inbox.ending ?? .open)
    }

    /// Reads one whole HTTP/1.1 response (by Content-Length or chunked framing); nil when the
    /// connection ends before a whole response arrived or `timeout` passes.
    public func readResponse(timeout: Duration = .seconds(10), isHead: Bool = false) async -> RawHTTPResponse? {
        let deadline = ContinuousClock.now + timeout
        while true {
            // Read the version before looking, so bytes that land between the look and the wait
            // count as new: otherwise the last chunk of a response can arrive unnoticed and the
            // wait runs to its deadline with the whole response in hand.
            let seen = inbox.version
            if let response = inbox.takeResponse(isHead: isHead) { return response }
            if inbox.ending != nil { return nil }
            guard await inbox.waitForMore(after: seen, until: deadline) else { return nil }
        }
    }

    /// Everything received and not yet taken, as text (a stream read as it arrives).
    public var received: String { String(decoding: inbox.peek(), as: UTF8.self) }

    /// Waits until the bytes received contain `text`; false when `timeout` passes or the
    /// connection ends first.
    public func waitFor(text: String, timeout: Duration = .seconds(10)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            let seen = inbox.version
            if received.contains(text) { return true }
            if inbox.ending != nil { return false }
            guard await inbox.waitForMore(after: seen, until: deadline) else { return false }
        }
    }

    /// How the connection has ended so far (`.open` while it has not).
    public var ending: Ending { inbox.ending ?? .open }

    /// The error that ended the connection, other than a reset (a TLS handshake that failed).
    public var failure: String? { inbox.failure }

    /// Closes the connection.
    public func close() async {
        try? await channel.close()
    }
}

/// What has arrived on a connection, shared between the channel's event loop and the test.
final class Inbox: Sendable {
    private struct State {
        var bytes: [UInt8] = []
        var ending: RawConnection.Ending?
        var failure: String?
        var version = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }
    private let state = Mutex(State())

    var ending: RawConnection.Ending? { state.withLock { $0.ending } }
    var failure: String? { state.withLock { $0.failure } }

    func fail(_ error: any Error) {
        change { state in
            if state.failure == nil { state.failure = "\(error)" }
        }
    }

    /// Counts every change; a wait compares against a version read before looking.
    var version: Int { state.withLock { $0.version } }

    func append(_ buffer: ByteBuffer) {
        change { $0.bytes += buffer.readableBytesView }
    }

    func end(_ ending: RawConnection.Ending) {
        change { state in
            // A reset reported after a FIN still means the connection was reset.
            if state.ending == nil || ending == .reset { state.ending = ending }
        }
    }

    func peek() -> [UInt8] {
        state.withLock { $0.bytes }
    }

    func take() -> [UInt8] {
        state.withLock { state in
            defer { state.bytes = [] }
            return state.bytes
        }
    }

    func takeResponse(isHead: Bool) -> RawHTTPResponse? {
        state.withLock { state in
            guard let (response, used) = RawHTTPResponse.parse(state.bytes, isHead: isHead) else { return nil }
            state.bytes.removeFirst(used)
            return response
        }
    }

    /// Waits until something arrives that is newer than version `seen`; false when `deadline`
    /// passed first.
    func waitForMore(after seen: Int, until deadline: ContinuousClock.Instant) async -> Bool {
        let remaining = deadline - .now
        guard remaining > .zero else { return false }
        _ = await bounded(by: remaining) { () async -> Void? in await self.waitForChange(after: seen) }
        return state.withLock { $0.version } > seen
    }

    private func waitForChange(after version: Int) async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.version > version || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    private func change(_ body: (inout State) -> Void) {
        let waiters = state.withLock { state in
            body(&state)
            state.version += 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Feeds channel events into an `Inbox`.
private final class InboxHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    let inbox: Inbox

    init(inbox: Inbox) {
        self.inbox = inbox
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        inbox.append(unwrapInboundIn(data))
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { inbox.end(.closed) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let io = error as? IOError, io.errnoCode == ECONNRESET_CODE {
            inbox.end(.reset)
        } else {
            inbox.fail(error)
            inbox.end(.closed)
        }
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        inbox.end(.closed)
    }
}

#if canImport(Darwin)
private let ECONNRESET_CODE: Int32 = 54
#else
private let ECONNRESET_CODE: Int32 = 104
#endif
