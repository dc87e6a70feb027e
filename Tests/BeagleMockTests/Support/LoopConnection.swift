import HTTPTypes
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// A connection served on a `NIOAsyncTestingChannel`, whose clock only the test moves: the
/// connection's handlers as the server sets them up (or the dispatcher alone), a responder the
/// test writes, and what the server wrote, read back in order.
struct LoopConnection {
    let channel: NIOAsyncTestingChannel
    var loop: NIOAsyncTestingEventLoop { channel.testingEventLoop }

    /// A connected channel whose dispatcher hands requests to `responder`; with `wire`, the
    /// handlers that read and write HTTP/1 bytes come before it, as on the server's port.
    static func start(
        wire: Bool = false, bodyTimeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(600),
        responder: @escaping HTTPConnectionHandler.Responder
    ) async throws -> LoopConnection {
        let channel = NIOAsyncTestingChannel()
        let logger = Logger(label: "test")
        try await channel.testingEventLoop.executeInContext {
            let operations = channel.pipeline.syncOperations
            if wire {
                try operations.addHandler(OpeningRefusal(logger: logger))
                try operations.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
                try operations.addHandler(HTTP1Framing(logger: logger))
            }
            try operations.addHandler(
                HTTPConnectionHandler(
                    responder: responder, workers: RequestWorkers(), bodyTimeout: bodyTimeout, idleTimeout: idleTimeout))
        }
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1))
        return LoopConnection(channel: channel)
    }

    /// The next response part the dispatcher wrote, waiting for it.
    func nextPart() async throws -> ResponsePart {
        try await channel.waitForOutboundWrite(as: ResponsePart.self)
    }

    /// The next bytes the wire handlers wrote, waiting for them; empty writes (a barrier) skipped.
    func nextBytes() async throws -> String {
        while true {
            let buffer = try await channel.waitForOutboundWrite(as: ByteBuffer.self)
            if buffer.readableBytes > 0 { return String(buffer: buffer) }
        }
    }

    /// Waits until the connection has closed.
    func closed() async throws {
        try await channel.closeFuture.get()
    }
}

/// What a responder saw, for the test to await in order.
final class Sightings<Element: Sendable>: Sendable {
    let stream: AsyncStream<Element>
    private let continuation: AsyncStream<Element>.Continuation

    init() {
        (stream, continuation) = AsyncStream<Element>.makeStream()
    }

    func note(_ element: Element) {
        continuation.yield(element)
    }

    /// No more sightings come.
    func finish() {
        continuation.finish()
    }

    /// The next sighting.
    func next() async -> Element? {
        var iterator = stream.makeAsyncIterator()
        return await iterator.next()
    }
}
