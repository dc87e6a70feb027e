import BeagleScreens
import Foundation
import HTTPTypes
import MCP
import MockTestSupport
import NIOCore
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// `POST /__admin/mcp` answers `tools/call` and `tools/list` itself (`ToolRequest`) and every
/// other message through the SDK's server: both must give an agent the same JSON.
@Suite struct AgentEndpointTests {
    static let files = [
        "screens/home.ios.json": #"""
        {"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:text",
        "text":"quotes \" slash / back \\ tab \t line\n é ✓ 😀 \u0001"}}
        """#,
        "screens/broken.json": #"{"_beagleComponent_":"beagle:text"}"#,
        "screens/catalog/item.json": #"{"_beagleComponent_":"beagle:button","text":"Buy","onPress":[]}"#,
    ]

    /// Each tool, a tool's error and an unknown tool, by their `params`.
    static let calls: [String] = [
        #"{"name":"list_routes"}"#,
        #"{"name":"list_routes","arguments":null}"#,
        #"{"name":"get_screen","arguments":{"route":"/home","platform":"IOS"}}"#,
        #"{"name":"get_screen","arguments":{"route":"/nowhere"}}"#,
        #"{"name":"get_screen","arguments":{}}"#,
        #"{"name":"outline_screen","arguments":{"route":"/catalog/item"}}"#,
        #"{"name":"validate","arguments":{}}"#,
        #"{"name":"validate","arguments":{"file":"broken.json"}}"#,
        #"{"name":"write_screen","arguments":{"path":"agents/new.json","json":{"_beagleComponent_":"beagle:text","text":"new"}}}"#,
        #"{"name":"write_screen","arguments":{"path":"../outside.json","json":"{}"}}"#,
        #"{"name":"set_network","arguments":{"latency":"20ms","seed":7,"faults":["status:503@0.5"]}}"#,
        #"{"name":"set_network","arguments":{"latency":"fast"}}"#,
        #"{"name":"clear_network"}"#,
        #"{"name":"read_journal","arguments":{"limit":5,"method":"GET"}}"#,
        #"{"name":"wait_for_request","arguments":{"path":"/home","timeoutSeconds":0.01}}"#,
        #"{"name":"reset","arguments":{"extra":1}}"#,
        #"{"name":"reset"}"#,
        #"{"name":"no_such_tool"}"#,
    ]

    @Test(arguments: calls)
    func aToolCallIsAnsweredAsTheSDKAnswersIt(params: String) async throws {
        let body = #"{"jsonrpc":"2.0","id":"call-1","method":"tools/call","params":"# + params + "}"
        // Each in a folder of its own, as a call may write.
        let direct = try await withEndpoint { endpoint, _ in
            await Self.answer(endpoint.answer(Self.head(), body: ByteBuffer(string: body)))
        }
        let sdk = try await withEndpoint { endpoint, tools in
            await Self.answer(
                endpoint.answerWithServer(AgentEndpoint.request(Self.head(), body: Data(body.utf8)), tools: tools))
        }
        #expect(direct.status == 200)
        #expect(direct.status == sdk.status)
        #expect(direct.contentType == sdk.contentType)
        let same = try Self.sameJSON(direct.body, sdk.body)
        #expect(same, "\(String(decoding: direct.body, as: UTF8.self))\n\(String(decoding: sdk.body, as: UTF8.self))")
    }

    @Test func theToolListIsTheSDKs() async throws {
        try await withEndpoint { endpoint, tools in
            let (direct, sdk) = await Self.bothAnswers(endpoint, tools, #"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"#)
            #expect(direct.status == 200)
            let same = try Self.sameJSON(direct.body, sdk.body)
            #expect(same, "\(String(decoding: direct.body, as: UTF8.self))\n\(String(decoding: sdk.body, as: UTF8.self))")
            let names = try Self.value(direct.body).objectValue?["result"]?.objectValue?["tools"]?.arrayValue?.count
            #expect(names == AgentTool.allCases.count)
        }
    }

    @Test func theIdComesBackAsItWasSent() async throws {
        try await withEndpoint { endpoint, _ in
            for id in [#"0"#, #"-12"#, #""a \"quoted\" id""#] {
                let body = #"{"jsonrpc":"2.0","id":"# + id + #","method":"tools/call","params":{"name":"reset"}}"#
                let answer = await Self.answer(endpoint.answer(Self.head(), body: ByteBuffer(string: body)))
                #expect(answer.body.starts(with: Array(#"{"id":"#.utf8) + Array(id.utf8) + Array(#","jsonrpc":"2.0","#.utf8)))
            }
        }
    }

    /// The protocol's header checks hold on the direct path too.
    @Test(arguments: [
        (["Accept": "text/html"], 406),
        (["Content-Type": "text/plain"], 415),
        (["MCP-Protocol-Version": "1999-01-01"], 400),
    ])
    func theHeadersAreCheckedAsTheSDKChecksThem(headers: [String: String], status: Int) async throws {
        try await withEndpoint { endpoint, tools in
            let body = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_routes"}}"#
            let (direct, sdk) = await Self.bothAnswers(endpoint, tools, body, headers: headers)
            #expect(direct.status == status)
            #expect(sdk.status == status)
            let same = try Self.sameJSON(direct.body, sdk.body)
            #expect(same, "\(String(decoding: direct.body, as: UTF8.self))\n\(String(decoding: sdk.body, as: UTF8.self))")
        }
    }

    /// What the direct path leaves to the SDK: another method, a notification, a call without a
    /// tool's name. (Batches and ids the SDK cannot read are refused before, `AgentMessageTests`.)
    @Test(arguments: [
        #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{}}}"#,
    ])
    func otherMessagesGoToTheSDK(body: String) throws {
        let message = try JSONReader().parse(Data(body.utf8))
        #expect(ToolRequest(message) == nil)
    }

    // MARK: - Support

    struct Answer {
        let status: Int
        let contentType: String?
        let body: [UInt8]
    }

    func withEndpoint<T>(_ body: (AgentEndpoint, AgentTools) async throws -> T) async throws -> T {
        let folder = try TemporaryScreens(Self.files)
        defer { folder.remove() }
        let server = try MockServer(configuration: MockServerConfiguration(screensDirectory: folder.screens, port: 0))
        let endpoint = AgentEndpoint()
        endpoint.start(server.agentTools)
        return try await body(endpoint, server.agentTools)
    }

    static func bothAnswers(
        _ endpoint: AgentEndpoint, _ tools: AgentTools, _ body: String, headers: [String: String] = [:]
    ) async -> (direct: Answer, sdk: Answer) {
        let head = head(headers)
        let buffer = ByteBuffer(string: body)
        let direct = answer(await endpoint.answer(head, body: buffer))
        let sdk = answer(await endpoint.answerWithServer(AgentEndpoint.request(head, body: Data(body.utf8)), tools: tools))
        return (direct, sdk)
    }

    static func head(_ headers: [String: String] = [:]) -> HTTPTypes.HTTPRequest {
        var fields: HTTPFields = [
            .contentType: "application/json", .accept: "application/json, text/event-stream",
            HTTPField.Name("MCP-Protocol-Version")!: "2025-06-18",
        ]
        for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
        return HTTPTypes.HTTPRequest(
            method: .post, scheme: nil, authority: "127.0.0.1", path: "/__admin/mcp", headerFields: fields)
    }

    static func answer(_ response: OutgoingResponse) -> Answer {
        var bytes: [UInt8] = []
        if case .buffer(let buffer) = response.body { bytes = Array(buffer.readableBytesView) }
        return Answer(status: response.head.status.code, contentType: response.head.headerFields[.contentType], body: bytes)
    }

    static func sameJSON(_ one: [UInt8], _ other: [UInt8]) throws -> Bool {
        let first = try value(one)
        let second = try value(other)
        return first == second
    }

    static func value(_ bytes: [UInt8]) throws -> Value {
        Value(try JSONReader().parse(Data(bytes)))
    }
}
