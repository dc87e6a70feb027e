import BeagleScreens
import Foundation
import MCP
import MockTestSupport
import NIOCore
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine

/// Every JSON-RPC request with an id gets an answer over both transports: its id as sent, or
/// `id: null` with -32600 when the id (or the message) cannot be read, -32700 when it is not JSON;
/// a client that leaves ends its wait, and a stop ends every wait (SPEC, "Limits that hold under
/// hostile input").
@Suite struct AgentMessageTests {
    static let files = ["screens/home.json": #"{"_beagleComponent_":"beagle:text","text":"hi"}"#]

    /// Ids the SDK cannot read as a string or a 64-bit integer, and other messages it would not
    /// answer: each gets the refusal named, with `id: null`.
    static let refused: [(body: String, code: Int, words: String)] = [
        (#"{"jsonrpc":"2.0","id":-9223372036854775809,"method":"ping"}"#, -32600, "whole number"),
        (#"{"jsonrpc":"2.0","id":9223372036854775808,"method":"ping"}"#, -32600, "whole number"),
        (#"{"jsonrpc":"2.0","id":18446744073709551616,"method":"tools/list"}"#, -32600, "whole number"),
        (#"{"jsonrpc":"2.0","id":1e308,"method":"ping"}"#, -32600, "whole number"),
        (#"{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}"#, -32600, "whole number"),
        (#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#, -32600, "batch"),
        (String(repeating: "[", count: 600) + String(repeating: "]", count: 600), -32700, "nesting too deep"),
        ("{not json", -32700, "not JSON"),
    ]

    @Test(arguments: refused)
    func overHTTPEachIsRefusedWithANullId(body: String, code: Int, words: String) async throws {
        let folder = try TemporaryScreens(Self.files)
        defer { folder.remove() }
        let server = try MockServer(configuration: MockServerConfiguration(screensDirectory: folder.screens, port: 0))
        let endpoint = AgentEndpoint()
        endpoint.start(server.agentTools)
        let answer = AgentEndpointTests.answer(await endpoint.answer(AgentEndpointTests.head(), body: ByteBuffer(string: body)))
        #expect(answer.status == 400)
        let message = try JSONReader().parse(Data(answer.body))
        Self.expectRefusal(message, code: code, words: words)
    }

    @Test func overStandardIOEachIsRefusedWithANullIdAndTheSessionGoesOn() async throws {
        try await ToolAnsweringTransportTests().withSession { session in
            for (body, code, words) in Self.refused {
                try await session.send(body)
                let reply = try await session.reply()
                Self.expectRefusal(reply.message, code: code, words: words)
            }
            try await session.send(#"{"jsonrpc":"2.0","id":9223372036854775807,"method":"ping"}"#)
            #expect(try await session.reply().id == "9223372036854775807", "the largest id comes back as sent")
        }
    }

    static func expectRefusal(_ message: JSONNode, code: Int, words: String) {
        #expect(message["id"]?.isNull == true, "\(JSONWriter.compactString(message))")
        #expect(message["error"]?["code"]?.value == .number(String(code)), "\(JSONWriter.compactString(message))")
        let text = message["error"]?["message"]?.string ?? ""
        #expect(text.contains(words), "\(text)")
    }

    /// `wait_for_request` over HTTP: a client that closes its socket ends the wait, and the server
    /// closes its side (no socket left half-closed for the 300 s asked).
    @Test func aClientLeavingWaitForRequestEndsTheWait() async throws {
        let log = LogCapture()
        try await withMockServer(files: Self.files, configure: { $0.logger = log.logger }) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send(Self.waitRequest)
            let (bytes, ending) = await connection.readToEnd(timeout: .milliseconds(300))
            #expect(bytes.isEmpty && ending == .open, "the wait is under way")
            let clock = ContinuousClock()
            let left = clock.now
            await connection.close()
            #expect(await log.waitForRequests(path: "/__admin/mcp", count: 1))
            #expect(clock.now - left < .seconds(10))
        }
    }

    /// A stop ends a wait at once: it does not hold the stop for the 300 s asked.
    @Test func aStopEndsAWaitForRequest() async throws {
        try await LiveSlots.withSlot {
            let folder = try TemporaryScreens(Self.files)
            defer { folder.remove() }
            var configuration = MockServerConfiguration(screensDirectory: folder.screens, port: 0)
            configuration.shutdownGracePeriod = .seconds(120)
            let server = try await MockServer.start(configuration)
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send(Self.waitRequest)
            let (bytes, _) = await connection.readToEnd(timeout: .milliseconds(300))
            #expect(bytes.isEmpty, "the wait is under way")
            let clock = ContinuousClock()
            let stopping = clock.now
            try await server.stop()
            #expect(clock.now - stopping < .seconds(30), "the stop waited for the wait")
            await connection.close()
        }
    }

    static let waitRequest: String = {
        let body =
            #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"wait_for_request","arguments":{"path":"/never","timeoutSeconds":300}}}"#
        return "POST /__admin/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + "Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }()
}

/// `write_screen` writes a screen as the sample app's are written: indented, its keys in the
/// order the agent gave them, the same bytes for the same screen every time.
@Suite struct AgentWrittenScreenTests {
    @Test func aScreenIsWrittenIndentedInTheOrderGivenAndTheSameEveryTime() async throws {
        let folder = try TemporaryScreens(AgentMessageTests.files)
        defer { folder.remove() }
        let server = try MockServer(configuration: MockServerConfiguration(screensDirectory: folder.screens, port: 0))
        let endpoint = AgentEndpoint()
        endpoint.start(server.agentTools)
        let screen = #"{"text":"Summer","_beagleComponent_":"beagle:text","style":{"size":{"width":{"value":10,"type":"REAL"}}}}"#
        var written: [String] = []
        for name in ["one.json", "two.json"] {
            let call =
                #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"write_screen","arguments":{"path":""#
                + name + #"","json":"# + screen + "}}}"
            let answer = AgentEndpointTests.answer(
                await endpoint.answer(AgentEndpointTests.head(), body: ByteBuffer(string: call)))
            #expect(answer.status == 200)
            written.append(try String(contentsOfFile: folder.screens + "/" + name, encoding: .utf8))
        }
        #expect(written[0] == written[1])
        #expect(
            written[0] == """
                {
                  "text": "Summer",
                  "_beagleComponent_": "beagle:text",
                  "style": {
                    "size": {
                      "width": {
                        "value": 10,
                        "type": "REAL"
                      }
                    }
                  }
                }

                """)
    }
}
