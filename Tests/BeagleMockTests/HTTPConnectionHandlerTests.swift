import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// The handler carries out its ``ConnectionStateMachine``'s answers with the event loop's
/// timers: on an `EmbeddedChannel`, whose clock the test moves, the idle timeout, the shutdown, a
/// half-close and a refusal close the connection when they should, without a socket or a sleep.
@Suite struct HTTPConnectionHandlerTests {
    /// A connected channel with a dispatcher that closes it after `idle`.
    static func connected(idle: Duration = .seconds(5)) throws -> EmbeddedChannel {
        let dispatcher = HTTPConnectionHandler(
            responder: { _, _ in }, workers: RequestWorkers(), bodyTimeout: .seconds(30), idleTimeout: idle)
        let channel = EmbeddedChannel(handler: dispatcher)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return channel
    }

    @Test func anIdleConnectionClosesWhenTheLoopsClockPassesItsTimeout() throws {
        let channel = try Self.connected(idle: .seconds(5))
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(4_999))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        #expect(!channel.isActive)
    }

    @Test func aStoppingServerClosesAnIdleConnection() throws {
        let channel = try Self.connected()
        channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        channel.embeddedEventLoop.run()
        #expect(!channel.isActive)
    }

    @Test func aClientThatClosesItsSideWithNothingOwedIsClosed() throws {
        let channel = try Self.connected()
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        channel.embeddedEventLoop.run()
        #expect(!channel.isActive)
    }

    @Test func bytesThatAreNotHTTPGetTheirRefusalThenTheConnectionCloses() throws {
        let channel = try Self.connected(idle: .seconds(600))
        channel.pipeline.fireErrorCaught(HTTPParserError.invalidMethod)
        channel.embeddedEventLoop.run()
        guard case .whole(let head, let body)? = try channel.readOutbound(as: ResponsePart.self) else {
            Issue.record("no refusal written")
            return
        }
        #expect(head.status.code == 400)
        #expect(head.headerFields[.connection] == "close")
        #expect(body.map { String(buffer: $0) }?.contains("method") == true)
        // Once it has left, the server's side closes (an EmbeddedChannel closes whole; the wire
        // tests check that a real one reads what the client still sends before it closes).
        #expect(!channel.isActive)
    }

    /// A GET for `path`, head and end, on `connection`.
    static func get(_ path: String, on connection: LoopConnection) async throws {
        try await connection.channel.writeInbound(
            HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "x", path: path)))
        try await connection.channel.writeInbound(HTTPRequestPart.end(nil))
    }

    static let ok = ResponsePart.whole(
        HTTPResponse(status: .ok, headerFields: [.contentLength: "2"]), body: ByteBuffer(string: "ok"))

    @Test func aCloseThePipelineAsksForHappensAfterWhatItWrote() async throws {
        let connection = try await LoopConnection.start { _, client in
            try await client.write(Self.ok)
            await client.close()
        }
        try await Self.get("/a", on: connection)
        guard case .whole(let head, _) = try await connection.nextPart() else {
            Issue.record("the answer was not written first")
            return
        }
        #expect(head.status == .ok)
        guard case .barrier = try await connection.nextPart() else {
            Issue.record("the close did not wait for what was written")
            return
        }
        try await connection.closed()
    }

    @Test func theRequestBehindACloseNeverStarts() async throws {
        let started = Sightings<String>()
        let connection = try await LoopConnection.start { request, client in
            started.note(request.head.path ?? "")
            await client.close()
        }
        try await Self.get("/a", on: connection)
        try await Self.get("/b", on: connection)
        #expect(await started.next() == "/a")
        try await connection.closed()
        await connection.loop.run()
        started.finish()
        #expect(await started.next() == nil, "/b started after the close")
    }
}
