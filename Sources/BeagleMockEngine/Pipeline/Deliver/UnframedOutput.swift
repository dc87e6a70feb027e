import BeagleMockHTTP
import HTTPTypes
import NIOCore

/// Bytes written below HTTP framing, for faults that must break the protocol: garbage status
/// lines, bodies shorter than their Content-Length, broken chunk framing, and resets in the middle
/// of a body. They go through the connection like every answer (``ResponsePart/raw(_:)``), and
/// ``HTTP1Framing`` passes them on as they are. A write waits until the bytes have left only when
/// the connection is backed up (a slow reader); `close` and `reset` wait for everything written
/// before them, which is what a reset after a partial body needs.
struct UnframedOutput: Sendable {
    let connection: ClientConnection

    /// Writes bytes as they are.
    func write(_ bytes: ByteBuffer) async throws {
        try await connection.write(.raw(bytes))
    }

    /// Writes a response head as HTTP/1.1 text, its fields as they are.
    func writeHead(_ head: HTTPResponse) async throws {
        try await write(ByteBufferAllocator().verbatimHead(of: head))
    }

    /// Closes the connection in order (FIN), once what was written has left.
    func close() async {
        await connection.close()
    }

    /// Resets the connection (RST), once what was written has left.
    func reset() async {
        await connection.reset()
    }
}
