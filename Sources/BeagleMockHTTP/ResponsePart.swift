import HTTPTypes
import NIOCore

/// What the pipeline writes on a connection, for ``HTTPConnectionHandler`` and ``HTTP1Framing``: a
/// response whose body is in memory goes whole, in one write (one trip down the channel's
/// handlers, and, unless it is sent in chunks, one buffer with its head for a body of up to
/// ``HTTP1Framing/coalescedBodyLimit``); a streamed one goes as a head, pieces of body and an end.
package enum ResponsePart {
    /// A whole response: its head, its body if it has one, and its end.
    case whole(HTTPResponse, body: ByteBuffer?)
    /// The head of a response whose body follows.
    case head(HTTPResponse)
    /// A piece of the body.
    case body(ByteBuffer)
    /// The end of the body, with trailer fields if any.
    case end(HTTPFields?)
    /// Bytes as they are, below HTTP framing: faults that break the protocol (``UnframedOutput``).
    case raw(ByteBuffer)
    /// No bytes: its promise completes once everything written before it has left, which a close
    /// waits for (a close drops what NIO has not yet handed to the kernel).
    case barrier
}
