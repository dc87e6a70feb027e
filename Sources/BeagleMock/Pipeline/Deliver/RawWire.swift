import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOSSL

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes written straight to the socket, below HTTP encoding, for faults that must break the
/// protocol: garbage status lines, bodies shorter than their Content-Length, broken chunk
/// framing, and resets in the middle of a body.
///
/// Writes go through the context of ``HTTP1Framing`` (the first outbound handler after the
/// socket, or after TLS on the HTTPS port), so they skip HTTP framing. A write waits until the kernel has the bytes only when the
/// connection is not writable (a slow reader); `flush`, `close` and `reset` wait for everything
/// written before them, which is what a reset after a partial body needs.
struct RawWire: Sendable {
    let channel: any Channel

    /// Writes bytes as they are; waits until the kernel has them when the connection is not
    /// writable.
    func write(_ bytes: ByteBuffer) async throws {
        try await channel.waitIfBackedUp(send(bytes))
    }

    /// Hands bytes to the encoder's context on the event loop; the future completes when they
    /// have reached the kernel.
    private func send(_ bytes: ByteBuffer) -> EventLoopFuture<Void> {
        channel.eventLoop.flatSubmit { [channel] () -> EventLoopFuture<Void> in
            do {
                let context = try channel.pipeline.syncOperations.context(handlerType: HTTP1Framing.self)
                let written = channel.eventLoop.makePromise(of: Void.self)
                context.writeAndFlush(NIOAny(bytes), promise: written)
                return written.futureResult
            } catch {
                return channel.eventLoop.makeFailedFuture(error)
            }
        }
    }

    /// Writes a response head as HTTP/1.1 text, its fields as they are.
    func writeHead(_ head: HTTPResponse) async throws {
        try await write(channel.allocator.verbatimHead(of: head))
    }

    /// Waits until everything written before, by anyone, has reached the kernel.
    func flush() async throws {
        try await send(ByteBuffer()).get()
    }

    /// Closes the connection in order (FIN), once what was written has reached the kernel.
    func close() async {
        try? await flush()
        try? await channel.close()
    }

    /// Resets the connection (RST): SO_LINGER with a zero timeout, then close, once what was
    /// written has reached the kernel.
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
}
