import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Where the pipeline writes a response: the connection's channel, below which NIO encodes HTTP/1.
///
/// The parts of a response written together go to the event loop in one hop. A body's pieces wait
/// for the kernel only while the connection is not writable, so a slow reader holds back a long
/// body rather than letting it pile up in memory; the end of a response waits until it is written.
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
        try await channel.writeAndFlush(HTTPResponsePart.head(head)).get()
        return BodyOutput(channel: channel)
    }

    /// Writes `parts` on the channel's event loop, then flushes, and waits until they are written.
    private static func write(_ parts: [HTTPResponsePart], to channel: any Channel) async throws {
        try await channel.eventLoop.flatSubmit {
            for part in parts.dropLast() { channel.write(part, promise: nil) }
            return channel.writeAndFlush(parts[parts.count - 1])
        }.get()
    }

    /// The body of a response whose head has been written.
    struct BodyOutput: Sendable {
        let channel: any Channel

        /// Writes a piece of the body. Waits until the kernel has it only when the connection
        /// holds more unsent bytes than NIO's high watermark (a slow reader) or has closed: a
        /// wait for every piece would cost the task a trip to the event loop and back each time.
        func write(_ buffer: ByteBuffer) async throws {
            let written = channel.eventLoop.makePromise(of: Void.self)
            channel.writeAndFlush(HTTPResponsePart.body(buffer), promise: written)
            guard channel.isWritable, channel.isActive else { return try await written.futureResult.get() }
        }

        /// Ends the body.
        consuming func finish() async throws {
            try await channel.writeAndFlush(HTTPResponsePart.end(nil)).get()
        }
    }
}
