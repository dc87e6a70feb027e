import Foundation
import Logging
import MCP
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine

/// `beagle-mock mcp --attach`: the agent's messages reach the running server's endpoint and its
/// answers come back; a server that does not answer, or refuses, is an error the agent reads; a
/// call the agent cancels ends without an answer.
@Suite struct AgentRelayTests {
    /// A transport that hands the relay the given lines, then ends once `until` answers came, and
    /// keeps what the relay sends.
    actor ScriptedTransport: Transport {
        nonisolated let logger = Logger(label: "test")
        private let lines: [String]
        private let expected: Int
        private var sent: [String] = []
        private let input: AsyncThrowingStream<Data, any Swift.Error>
        private let continuation: AsyncThrowingStream<Data, any Swift.Error>.Continuation

        init(_ lines: [String], endAfter expected: Int) {
            self.lines = lines
            self.expected = expected
            (input, continuation) = AsyncThrowingStream.makeStream()
        }

        func connect() async throws {
            for line in lines { continuation.yield(Data(line.utf8)) }
            if expected == 0 { continuation.finish() }
        }

        func disconnect() async {}

        func send(_ data: Data) async throws {
            sent.append(String(decoding: data, as: UTF8.self))
            if sent.count >= expected { continuation.finish() }
        }

        func receive() -> AsyncThrowingStream<Data, any Swift.Error> { input }

        var answers: [String] { sent }
    }

    static let list = #"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"#

    @Test func theAgentsCallsReachTheRunningServerAndSeeTheAppsRequests() async throws {
        try await withMockServer(files: ["screens/home.json": #"{"home":true}"#]) { server, _ in
            _ = try await HTTPProbe.request(port: server.port, target: "/home?from=the-app")
            let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
            let call =
                #"{"jsonrpc":"2.0","id":"j","method":"tools/call","params":{"name":"read_journal","arguments":{"path":"/home"}}}"#
            let transport = ScriptedTransport([Self.list, call], endAfter: 2)
            try await AgentRelay(base: base, token: nil).run(over: transport)
            let answers = await transport.answers
            #expect(answers.count == 2)
            #expect(answers.contains { $0.contains(#""id":7"#) && $0.contains("wait_for_request") }, "the tool list")
            #expect(
                answers.contains { $0.contains(#""id":"j""#) && $0.contains("from=the-app") }, "the journal has the app's request"
            )
        }
    }

    @Test func aServerThatDoesNotAnswerIsAnErrorForEachRequestAndNothingForANotification() async throws {
        // Port 1: nothing listens there.
        let base = try #require(URL(string: "http://127.0.0.1:1"))
        let transport = ScriptedTransport([#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, Self.list], endAfter: 1)
        try await AgentRelay(base: base, token: nil).run(over: transport)
        let answers = await transport.answers
        #expect(answers.count == 1)
        #expect(answers.first?.contains(#""id":7"#) == true && answers.first?.contains("no answer from") == true)
    }

    @Test func aRefusalNamesItsStatus() async throws {
        try await withMockServer(
            files: ["screens/home.json": "{}"],
            configure: {
                $0.host = "0.0.0.0"
                $0.adminToken = "s3cret-token"
            }
        ) { server, _ in
            let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
            let transport = ScriptedTransport([Self.list], endAfter: 1)
            try await AgentRelay(base: base, token: nil).run(over: transport)
            #expect(await transport.answers.first?.contains("answered 401") == true)
            let allowed = ScriptedTransport([Self.list], endAfter: 1)
            try await AgentRelay(base: base, token: "s3cret-token").run(over: allowed)
            #expect(await allowed.answers.first?.contains("wait_for_request") == true)
        }
    }

    @Test func aCallTheAgentCancelsEndsWithoutAnAnswer() async throws {
        try await withMockServer(files: ["screens/home.json": "{}"]) { server, _ in
            let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
            let wait =
                #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"wait_for_request","arguments":{"path":"/never","timeoutSeconds":60}}}"#
            let cancel = #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}"#
            // The input ends after the cancellation: the relay ends once the cancelled call has.
            let transport = ScriptedTransport([wait, cancel], endAfter: 0)
            let started = ContinuousClock.now
            try await AgentRelay(base: base, token: nil).run(over: transport)
            #expect(await transport.answers.isEmpty, "a cancelled call gets no answer")
            #expect(ContinuousClock.now - started < .seconds(30), "the wait ended with its cancellation")
        }
    }
}
