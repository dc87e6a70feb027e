import BeagleScreens
import Foundation
import MCP
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine

/// `beagle-mock mcp`'s transport answers the tool requests itself and hands the rest to the SDK's
/// server; here over the SDK's in-memory pair in place of standard input and output.
@Suite struct ToolAnsweringTransportTests {
    /// A client transport talking to an SDK server over `ToolAnsweringTransport`, with the replies
    /// it receives.
    struct Session {
        let client: InMemoryTransport
        var replies: AsyncThrowingStream<Data, any Swift.Error>.AsyncIterator

        func send(_ message: String) async throws {
            try await client.send(Data(message.utf8))
        }

        /// The next reply's id (as JSON text) and the reply.
        mutating func reply() async throws -> (id: String, message: JSONNode) {
            let data = try #require(try await replies.next(), "the server closed the session")
            let message = try JSONReader().parse(data)
            return (message["id"].map(JSONWriter.compactString) ?? "none", message)
        }
    }

    func withSession(_ body: (inout Session) async throws -> Void) async throws {
        let folder = try TemporaryScreens(["screens/home.json": #"{"_beagleComponent_":"beagle:text","text":"hi"}"#])
        defer { folder.remove() }
        let tools = try MockServer(configuration: MockServerConfiguration(screensDirectory: folder.screens, port: 0)).agentTools
        let (client, serverSide) = await InMemoryTransport.createConnectedPair()
        let server = await AgentServer.make(tools)
        try await server.start(transport: ToolAnsweringTransport(serverSide, tools: tools))
        try await client.connect()
        var session = Session(client: client, replies: await client.receive().makeAsyncIterator())
        do {
            try await body(&session)
        } catch {
            await server.stop()
            await client.disconnect()
            throw error
        }
        await server.stop()
        await client.disconnect()
    }

    @Test func toolRequestsAreAnsweredAndTheRestGoToTheServer() async throws {
        try await withSession { session in
            try await session.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_routes"}}"#)
            let routes = try await session.reply()
            #expect(routes.id == "1")
            let paths = routes.message["result"]?["structuredContent"]?["routes"]?.elements?.compactMap { $0["path"]?.string }
            #expect(paths == ["/home"])

            try await session.send(#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#)
            let pong = try await session.reply()
            #expect(pong.id == #""p""#)
            #expect(pong.message["result"]?.members?.isEmpty == true, "the SDK's server answers a ping")

            try await session.send(#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
            #expect(try await session.reply().message["result"]?["tools"]?.elements?.count == AgentTool.allCases.count)
        }
    }

    /// A cancelled call sends nothing: the replies that follow are those of later requests.
    @Test func aCancelledCallIsNeverAnswered() async throws {
        try await withSession { session in
            try await session.send(
                #"{"jsonrpc":"2.0","id":"w","method":"tools/call","params":{"name":"wait_for_request","arguments":{"path":"/never","timeoutSeconds":60}}}"#
            )
            try await session.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"w"}}"#)
            try await session.send(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#)
            #expect(try await session.reply().id == "3")
            try await session.send(#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"reset"}}"#)
            #expect(try await session.reply().id == "4")
        }
    }

    /// A slow call holds up no other: a second call is answered while the first still waits.
    @Test func aSlowCallHoldsUpNoOther() async throws {
        try await withSession { session in
            try await session.send(
                #"{"jsonrpc":"2.0","id":"slow","method":"tools/call","params":{"name":"wait_for_request","arguments":{"path":"/never","timeoutSeconds":0.5}}}"#
            )
            try await session.send(#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"list_routes"}}"#)
            #expect(try await session.reply().id == "5")
            let slow = try await session.reply()
            #expect(slow.id == #""slow""#)
            #expect(slow.message["result"]?["isError"]?.value == .bool(true), "no request came: the wait ends in a tool error")
        }
    }
}
