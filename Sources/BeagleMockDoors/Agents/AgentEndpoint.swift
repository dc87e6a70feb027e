import BeagleMockEngine
import BeagleMockHTTP
import BeagleScreens
import Foundation
import HTTPTypes
import MCP
import NIOCore
import Synchronization

/// `POST /__admin/mcp`: the Model Context Protocol over Streamable HTTP, stateless (each request
/// answered with JSON, no session), behind the admin API's gate (Docs/Agents.md). Only POST
/// reaches it. Tool calls and the tool list are answered directly (``ToolRequest``); any other
/// message gets a server of the SDK's of its own, as a stateless transport means: one shared would
/// refuse a second client's `initialize`.
package final class AgentEndpoint: Sendable {
    /// The largest request read: a screen written (1 MiB of JSON) with room for its escaping.
    static let maxBodySize = 4 << 20

    /// The tools answered with, from ``start(_:)`` to ``stop()``.
    private let tools = Mutex<AgentTools?>(nil)

    package init() {}

    /// Starts answering with `tools`.
    package func start(_ tools: AgentTools) {
        self.tools.withLock { $0 = tools }
    }

    /// Stops answering: requests get 503 from then on.
    package func stop() {
        tools.withLock { $0 = nil }
    }

    /// The answer to an MCP request whose body is `body`: `tools/call` and `tools/list` answered
    /// directly (``ToolRequest``), every other message by the SDK's server.
    func answer(_ head: HTTPTypes.HTTPRequest, body: ByteBuffer) async -> OutgoingResponse {
        let bytes = Data(body.readableBytesView)
        let message: JSONNode
        switch JSONRPCMessage.read(bytes) {
        case .success(let read):
            message = read
        case .failure(let problem):
            return OutgoingResponse(
                status: .badRequest, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: .buffer(ByteBuffer(string: problem.errorJSON)))
        }
        guard let tools = tools.withLock({ $0 }) else {
            return ErrorBody(error: "the server is stopping", path: head.path).response(.serviceUnavailable)
        }
        let request = Self.request(head, body: bytes)
        guard let toolRequest = ToolRequest(message) else {
            return await answerWithServer(request, tools: tools)
        }
        let context = HTTPValidationContext(httpMethod: "POST", isInitializationRequest: false)
        if let refusal = Self.validation.validate(request, context: context) { return Self.response(refusal) }
        return Self.response(.data(await toolRequest.answer(with: tools), headers: ["Content-Type": "application/json"]))
    }

    /// The answer of the SDK's server, made for this request alone.
    func answerWithServer(_ request: MCP.HTTPRequest, tools: AgentTools) async -> OutgoingResponse {
        let transport = StatelessHTTPServerTransport(validationPipeline: Self.validation)
        let server = await AgentServer.make(tools)
        do {
            try await server.start(transport: transport)
        } catch {
            return ErrorBody(error: "the MCP server could not start: \(error)", path: request.path ?? "")
                .response(.internalServerError)
        }
        let answer = await Self.handle(request, with: transport)
        await server.stop()
        return Self.response(answer)
    }

    /// How long the SDK's server may take: what it answers (`initialize`, `ping`, the resources,
    /// errors) takes no time, so only a message it never answers reaches this.
    static let serverDeadline = Duration.seconds(5)

    /// The SDK transport's answer to `request`, given up at ``serverDeadline`` or when the task is
    /// cancelled (the client left, the server stops): the transport waits for the server's answer
    /// without heeding cancellation, and disconnecting is what ends that wait.
    private static func handle(_ request: MCP.HTTPRequest, with transport: StatelessHTTPServerTransport) async
        -> MCP.HTTPResponse
    {
        await withTaskCancellationHandler {
            await withTaskGroup(of: MCP.HTTPResponse?.self) { group in
                group.addTask { await transport.handleRequest(request) }
                group.addTask {
                    try? await Task.sleep(for: serverDeadline)
                    await transport.disconnect()
                    return nil
                }
                while let next = await group.next() {
                    guard let answer = next else { continue }
                    group.cancelAll()
                    return answer
                }
                return .error(statusCode: 500, .internalError("no answer"))
            }
        } onCancel: {
            Task { await transport.disconnect() }
        }
    }

    /// The checks of the protocol's headers. The admin API's gate has judged the origin and the
    /// token; the rest is the protocol's.
    private static let validation = StandardValidationPipeline(validators: [
        AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(), ProtocolVersionValidator(),
    ])

    /// The request as the SDK reads it.
    static func request(_ head: HTTPTypes.HTTPRequest, body: Data) -> MCP.HTTPRequest {
        var headers: [String: String] = [:]
        for field in head.headerFields {
            headers[field.name.canonicalName] = headers[field.name.canonicalName].map { $0 + ", " + field.value } ?? field.value
        }
        return MCP.HTTPRequest(
            method: head.method.rawValue, headers: headers, body: body, path: head.path)
    }

    /// The SDK's answer as the server sends it, never kept by a cache.
    private static func response(_ answer: MCP.HTTPResponse) -> OutgoingResponse {
        var fields = HTTPFields()
        for (name, value) in answer.headers.sorted(by: { $0.key < $1.key }) {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        fields[.cacheControl] = "no-store"
        let status = HTTPResponse.Status(code: answer.statusCode)
        return OutgoingResponse(
            status: status, headers: fields, body: answer.bodyData.map { .buffer(ByteBuffer(bytes: $0)) } ?? .empty)
    }
}
