import HTTPTypes
import NIOCore

/// One response, written to its ``ClientConnection``: whole when its body is in memory (one hop
/// to the event loop, one write), or as a head whose body follows through the returned
/// ``BodyOutput``. It is consumed by the write that begins the response, so a request is answered
/// once. The end of a streamed body waits until everything is written.
struct ResponseOutput: ~Copyable, Sendable {
    let connection: ClientConnection

    /// A response without a body (HEAD, 204, 304, an empty file).
    consuming func writeResponse(_ head: HTTPResponse) async throws {
        try await connection.write(.whole(head, body: nil))
    }

    /// A response whose body is in memory.
    consuming func write(response head: HTTPResponse, body: ByteBuffer) async throws {
        try await connection.write(.whole(head, body: body))
    }

    /// Writes the head; the body follows through the returned writer, which must be finished.
    consuming func writeHead(_ head: HTTPResponse) async throws -> BodyOutput {
        try await connection.write(.head(head))
        return BodyOutput(connection: connection)
    }

    /// The body of a response whose head has been written.
    struct BodyOutput: Sendable {
        let connection: ClientConnection

        /// Writes a piece of the body.
        func write(_ buffer: ByteBuffer) async throws {
            try await connection.write(.body(buffer))
        }

        /// Ends the body, and waits until everything is written.
        consuming func finish() async throws {
            try await connection.write(.end(nil), waiting: true)
        }
    }
}
