import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Where the pipeline writes a response: the connection's channel, below which NIO encodes HTTP/1.
///
/// The parts of a response written together go to the event loop in one hop. A write waits until
/// the kernel has its bytes only while the connection is not writable (more unsent bytes than NIO's
/// high watermark: a slow reader) or has closed, so a long body is held back rather than piling up
/// in memory, and a short answer costs no trip back from the event loop. The end of a streamed body
/// waits until everything is written.
struct ResponseOutput: ~Copyable, Sendable {
    let channel: any Channel

    /// A response without a body (HEAD, 204, 304, an empty file).
    consuming func writeResponse(_ head: HTTPResponse) async throws {
        try await Self.write([.head(head), .end(nil)], to: channel)
    }

    /// A response whose body is in memory.
    consuming func write(response head: HTTPResponse, body: ByteBuffer) async throws {
        try await Self.write([.head(head), .body(body), .end(nil)], to: channel)
    }

    /// Writes the head; the body follows through the returned writer, which must be finished.
    consuming func writeHead(_ head: HTTPResponse) async throws -> BodyOutput {
        try await Self.write([.head(head)], to: channel)
        return BodyOutput(channel: channel)
    }

    /// Writes `parts` on the channel's event loop, then flushes; waits until they are written
    /// when the connection is not writable or has closed (and throws if writing failed).
    fileprivate static func write(_ parts: [HTTPResponsePart], to channel: any Channel) async throws {
        let written = channel.eventLoop.makePromise(of: Void.self)
        channel.eventLoop.execute {
            for part in parts.dropLast() { channel.write(part, promise: nil) }
            channel.writeAndFlush(parts[parts.count - 1], promise: written)
        }
        try await channel.waitIfBackedUp(written.futureResult)
    }

    /// The body of a response whose head has been written.
    struct BodyOutput: Sendable {
        let channel: any Channel

        /// Writes a piece of the body.
        func write(_ buffer: ByteBuffer) async throws {
            try await ResponseOutput.write([.body(buffer)], to: channel)
        }

        /// Ends the body.
        consuming func finish() async throws {
            try await channel.writeAndFlush(HTTPResponsePart.end(nil)).get()
        }
    }
}
