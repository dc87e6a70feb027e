import HTTPTypes
import NIOCore

/// Where the pipeline writes a response: the connection's channel, below which ``HTTP1Framing``
/// writes it as HTTP/1 bytes.
///
/// A response whose body is in memory goes to the event loop whole, in one hop. A write waits until
/// the kernel has its bytes only while the connection is not writable (more unsent bytes than NIO's
/// high watermark: a slow reader) or has closed, so a long body is held back rather than piling up
/// in memory, and a short answer costs no trip back from the event loop. The end of a streamed body
/// waits until everything is written.
struct ResponseOutput: ~Copyable, Sendable {
    let channel: any Channel

    /// A response without a body (HEAD, 204, 304, an empty file).
    consuming func writeResponse(_ head: HTTPResponse) async throws {
        try await Self.write(.whole(head, body: nil), to: channel)
    }

    /// A response whose body is in memory.
    consuming func write(response head: HTTPResponse, body: ByteBuffer) async throws {
        try await Self.write(.whole(head, body: body), to: channel)
    }

    /// Writes the head; the body follows through the returned writer, which must be finished.
    consuming func writeHead(_ head: HTTPResponse) async throws -> BodyOutput {
        try await Self.write(.head(head), to: channel)
        return BodyOutput(channel: channel)
    }

    /// Writes `part` on the channel's event loop, then flushes; waits until it is written when
    /// the connection is not writable or has closed (and throws if writing failed).
    fileprivate static func write(_ part: ResponsePart, to channel: any Channel) async throws {
        let written = channel.eventLoop.makePromise(of: Void.self)
        channel.eventLoop.execute { channel.writeAndFlush(part, promise: written) }
        try await channel.waitIfBackedUp(written.futureResult)
    }

    /// The body of a response whose head has been written.
    struct BodyOutput: Sendable {
        let channel: any Channel

        /// Writes a piece of the body.
        func write(_ buffer: ByteBuffer) async throws {
            try await ResponseOutput.write(.body(buffer), to: channel)
        }

        /// Ends the body.
        consuming func finish() async throws {
            try await channel.writeAndFlush(ResponsePart.end(nil)).get()
        }
    }
}
