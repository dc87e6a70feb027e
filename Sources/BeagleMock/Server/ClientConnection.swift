import NIOCore
import NIOSSL

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The connection a request came on, as the pipeline sees it: it writes the parts of the answer,
/// closes or resets the connection, and learns when the client has left. Nothing else of the
/// channel is in the pipeline's reach, and every byte goes out one way: through the connection's
/// ``HTTPConnectionHandler``, whose ``ConnectionStateMachine`` sees each part, then ``HTTP1Framing``.
struct ClientConnection: Sendable {
    private let channel: any Channel
    private let dispatcher: NIOLoopBound<HTTPConnectionHandler>

    /// The connection of `channel`, served by `dispatcher`.
    init(channel: any Channel, dispatcher: NIOLoopBound<HTTPConnectionHandler>) {
        self.channel = channel
        self.dispatcher = dispatcher
    }

    /// The connection's event loop, for timers that end with the connection (``LatencyWait``).
    var eventLoop: any EventLoop { channel.eventLoop }

    /// Hands `part` to the dispatcher on the event loop, which writes and flushes it. Waits until
    /// it is written when `waiting`, or when the connection is backed up (more unsent bytes than
    /// NIO's high watermark: a slow reader; or closed), and then throws if writing failed;
    /// otherwise returns at once, with no promise to complete: a long body is held back rather
    /// than piling up in memory, and a short answer costs no trip back from the event loop.
    func write(_ part: ResponsePart, waiting: Bool = false) async throws {
        let dispatcher = self.dispatcher
        guard waiting || channel.isBackedUp else {
            return channel.eventLoop.execute { dispatcher.value.send(part, promise: nil) }
        }
        let written = channel.eventLoop.makePromise(of: Void.self)
        channel.eventLoop.execute { dispatcher.value.send(part, promise: written) }
        try await written.futureResult.get()
    }

    /// Waits until everything written before, by anyone, has left for the kernel.
    func flush() async throws {
        try await write(.raw(ByteBuffer()), waiting: true)
    }

    /// Closes the connection in order (FIN), once what was written has left.
    func close() async {
        try? await flush()
        try? await channel.close()
    }

    /// Resets the connection (RST): SO_LINGER with a zero timeout, then close, once what was
    /// written has left.
    func reset() async {
        try? await flush()
        if let options = channel as? any SocketOptionProvider {
            _ = try? await options.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
        }
        // Over TLS, a close sends close_notify first and the client ends cleanly before the reset
        // arrives: without the TLS handler, the close is the socket's own.
        if let tls = try? await channel.pipeline.handler(type: NIOSSLServerHandler.self).get() {
            try? await channel.pipeline.removeHandler(tls).get()
        }
        try? await channel.close()
    }

    /// Completes when the client has closed its side (a FIN: Hummingbird allows half-closure, so
    /// the channel stays open) or the connection has ended.
    func departure() async -> EventLoopFuture<Void> {
        let departure = self.departureOnLoop
        return (try? await channel.eventLoop.submit { departure() }.get()) ?? channel.closeFuture
    }

    /// Runs `departed` on the event loop once the client has left or the connection has ended,
    /// without waiting for it here.
    func whenDeparted(_ departed: @escaping @Sendable () -> Void) {
        let departure = self.departureOnLoop
        channel.eventLoop.execute { departure().whenComplete { _ in departed() } }
    }

    /// The dispatcher's departure future (the channel's close when it has none), read on the
    /// event loop, where the dispatcher lives.
    private var departureOnLoop: @Sendable () -> EventLoopFuture<Void> {
        { [dispatcher, channel] in dispatcher.value.departure ?? channel.closeFuture }
    }

    /// Returns when the client has left (closed or reset its side) or the connection has ended;
    /// returns early, without either, when the task is cancelled. Says whether the client left.
    func waitForDeparture() async -> Bool {
        let departure = await departure()
        // An AsyncStream ends its loop when the task is cancelled, unlike departure.get().
        let (departed, continuation) = AsyncStream<Void>.makeStream()
        departure.whenComplete { _ in continuation.finish() }
        channel.closeFuture.whenComplete { _ in continuation.finish() }
        for await _ in departed {}
        return !Task.isCancelled
    }
}
