import HTTPTypes
import NIOCore

/// Where the pipeline writes a response: the connection's ``RequestDispatcher``, which writes it
/// to the channel, where ``HTTP1Framing`` turns it into HTTP/1 bytes.
///
/// A response whose body is in memory goes to the event loop whole, in one hop, straight to the
/// dispatcher rather than through the channel pipeline's tail. A write waits until
/// the kernel has its bytes only while the connection is not writable (more unsent bytes than NIO's
/// high watermark: a slow reader) or has closed, so a long body is held back rather than piling up
/// in memory, and a short answer costs no trip back from the event loop. The end of a streamed body
/// waits until everything is written.
struct ResponseOutput: ~Copyable, Sendable {
    let channel: any Channel
    /// The connection's dispatcher, which takes the parts on the event loop.
    let dispatcher: NIOLoopBound<RequestDispatcher>

    /// A response without a body (HEAD, 204, 304, an empty file).
    consuming func writeResponse(_ head: HTTPResponse) async throws {
        try await Self.write(.whole(head, body: nil), to: channel, via: dispatcher)
    }

    /// A response whose body is in memory.
    consuming func write(response head: HTTPResponse, body: ByteBuffer) async throws {
        try await Self.write(.whole(head, body: body), to: channel, via: dispatcher)
    }

    /// Writes the head; the body follows through the returned writer, which must be finished.
    consuming func writeHead(_ head: HTTPResponse) async throws -> BodyOutput {
        try await Self.write(.head(head), to: channel, via: dispatcher)
        return BodyOutput(channel: channel, dispatcher: dispatcher)
    }

    /// Hands `part` to the dispatcher on the channel's event loop, which writes and flushes it.
    /// Waits until it is written when `waiting`, or when the connection ``Channel/isBackedUp``, and
    /// then throws if writing failed; otherwise returns at once, with no promise to complete.
    fileprivate static func write(
        _ part: ResponsePart, to channel: any Channel, via dispatcher: NIOLoopBound<RequestDispatcher>,
        waiting: Bool = false
    ) async throws {
        guard waiting || channel.isBackedUp else {
            return channel.eventLoop.execute { dispatcher.value.send(part, promise: nil) }
        }
        let written = channel.eventLoop.makePromise(of: Void.self)
        channel.eventLoop.execute { dispatcher.value.send(part, promise: written) }
        try await written.futureResult.get()
    }

    /// The body of a response whose head has been written.
    struct BodyOutput: Sendable {
        let channel: any Channel
        let dispatcher: NIOLoopBound<RequestDispatcher>

        /// Writes a piece of the body.
        func write(_ buffer: ByteBuffer) async throws {
            try await ResponseOutput.write(.body(buffer), to: channel, via: dispatcher)
        }

        /// Ends the body, and waits until everything is written.
        consuming func finish() async throws {
            try await ResponseOutput.write(.end(nil), to: channel, via: dispatcher, waiting: true)
        }
    }
}
