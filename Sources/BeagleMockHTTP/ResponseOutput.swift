import HTTPTypes
import NIOCore

/// One response, written to its ``ClientConnection``: whole when its body is in memory (one hop
/// to the event loop, one write), or as a head whose body follows through the returned
/// ``BodyOutput``. It is consumed by the write that begins the response, so a request is answered
/// once. The end of a streamed body waits until everything is written.
package struct ResponseOutput: ~Copyable, Sendable {
    package let connection: ClientConnection

    /// The response of the request that came on `connection`.
    package init(connection: ClientConnection) {
        self.connection = connection
    }

    /// A response without a body (HEAD, 204, 304, an empty file).
    package consuming func writeResponse(_ head: HTTPResponse) async throws {
        try await connection.write(.whole(head, body: nil))
    }

    /// A response whose body is in memory.
    package consuming func write(response head: HTTPResponse, body: ByteBuffer) async throws {
        try await connection.write(.whole(head, body: body))
    }

    /// Writes the head; the body follows through the returned writer, which must be finished.
    package consuming func writeHead(_ head: HTTPResponse) async throws -> BodyOutput {
        try await connection.write(.head(head))
        return BodyOutput(connection: connection)
    }

    /// The body of a response whose head has been written.
    package struct BodyOutput: Sendable {
        package let connection: ClientConnection

        /// Writes a piece of the body.
        package func write(_ buffer: ByteBuffer) async throws {
            try await connection.write(.body(buffer))
        }

        /// Ends the body, and waits until everything is written.
        package consuming func finish() async throws {
            try await connection.write(.end(nil), waiting: true)
        }
    }
}
