import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// The latency wait runs on the connection's event loop's clock: on a testing loop, the test moves
/// time and the wait ends exactly at its deadline, or at once when the client leaves first.
@Suite struct LatencyWaitTests {
    /// The testing loop's clock starts here.
    static let start = NIODeadline.uptimeNanoseconds(0)

    /// A connection whose one request waits until `deadline`; each wait's ending is noted.
    static func waiting(until deadline: NIODeadline) async throws -> (LoopConnection, Sightings<LatencyWait.Ending>) {
        let endings = Sightings<LatencyWait.Ending>()
        let connection = try await LoopConnection.start { _, client in
            endings.note(try await LatencyWait.wait(until: deadline, connection: client))
        }
        try await connection.channel.writeInbound(
            HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "x", path: "/home")))
        try await connection.channel.writeInbound(HTTPRequestPart.end(nil))
        return (connection, endings)
    }

    @Test func theWaitEndsWhenTheLoopsClockReachesItsDeadline() async throws {
        let (connection, endings) = try await Self.waiting(until: Self.start + .seconds(5))
        await connection.loop.advanceTime(by: .seconds(5))
        #expect(await endings.next() == .elapsed)
        try? await connection.channel.close()
    }

    @Test func aClientThatLeavesBeforeTheDeadlineEndsTheWait() async throws {
        let (connection, endings) = try await Self.waiting(until: Self.start + .seconds(5))
        await connection.loop.advanceTime(by: .milliseconds(4_999))
        connection.channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(await endings.next() == .clientGone, "the timer has not fired a millisecond before its deadline")
        // The client has gone and nothing else is owed: the connection closes.
        try await connection.closed()
    }

    @Test func aDeadlineThatHasPassedWaitsForNothing() async throws {
        let (connection, endings) = try await Self.waiting(until: Self.start)
        #expect(await endings.next() == .elapsed)
        try? await connection.channel.close()
    }
}
