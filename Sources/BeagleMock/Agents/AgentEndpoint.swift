import BeagleScreens
import Foundation
import HTTPTypes
import MCP
import NIOCore
import Synchronization

/// `POST /__admin/mcp`: the Model Context Protocol over Streamable HTTP, stateless (each request
/// answered with JSON, no session), behind the admin API's gate (Docs/Agents.md). Each request
/// gets a server of its own, as a stateless transport means: one shared would refuse a second
/// client's `initialize`.
final class AgentEndpoint: Sendable {
    /// The largest request read: a screen written (1 MiB of JSON) with room for its escaping.
    static let maxBodySize = 4 << 20

    /// The tools answered with, from ``start(_:)`` to ``stop()``.
    private let tools = Mutex<AgentTools?>(nil)

    /// Starts answering with `tools`.
    func start(_ tools: AgentTools) {
        self.tools.withLock { $0 = tools }
    }

    /// Stops answering: requests get 503 from then on.
    func stop() {
        tools.withLock { $0 = nil }
    }

    /// The answer to an MCP request whose body is `body`.
    func answer(_ head: HTTPTypes.HTTPRequest, body: ByteBuffer) async -> OutgoingResponse {
        var headers: [String: String] = [:]
        for field in head.headerFields {
            headers[field.name.canonicalName] = headers[field.name.canonicalName].map { $0 + ", " + field.value } ?? field.value
        }
        let request = MCP.HTTPRequest(
            method: head.method.rawValue, headers: headers, body: Data(body.readableBytesView), path: head.path)
        if let problem = Self.problem(with: body) {
            let error = #"{"error":{"code":-32600,"message":"\#(problem)"},"id":null,"jsonrpc":"2.0"}"#
            return OutgoingResponse(
                status: .badRequest, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: .buffer(ByteBuffer(string: error)))
        }
        guard let tools = tools.withLock({ $0 }) else {
            return ErrorBody(error: "the server is stopping", path: head.path).response(.serviceUnavailable)
        }
        let transport = StatelessHTTPServerTransport(
            // The admin API's gate has judged the origin and the token; the rest is the protocol's.
            validationPipeline: StandardValidationPipeline(validators: [
                AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(), ProtocolVersionValidator(),
            ]))
        let server = await AgentServer.make(tools)
        do {
            try await server.start(transport: transport)
        } catch {
            return ErrorBody(error: "the MCP server could not start: \(error)", path: head.path)
                .response(.internalServerError)
        }
        let answer = await transport.handleRequest(request)
        await server.stop()
        var fields = HTTPFields()
        for (name, value) in answer.headers.sorted(by: { $0.key < $1.key }) {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        fields[.cacheControl] = "no-store"
        let status = HTTPResponse.Status(code: answer.statusCode)
        return OutgoingResponse(
            status: status, headers: fields, body: answer.bodyData.map { .buffer(ByteBuffer(bytes: $0)) } ?? .empty)
    }

    /// Why `body` is not a JSON-RPC 2.0 message (or a batch of them), nil when it is one: every
    /// message an object with `"jsonrpc": "2.0"` and a method, a result or an error, its `params`
    /// (MCP's are named) an object and its `id` a string or a number.
    static func problem(with body: ByteBuffer) -> String? {
        guard let root = try? JSONReader().parse(Data(body.readableBytesView)) else { return "the body is not JSON" }
        let messages = root.elements ?? [root]
        guard !messages.isEmpty else { return "an empty batch" }
        for message in messages {
            guard message.members != nil, message["jsonrpc"]?.string == "2.0" else {
                return "a JSON-RPC message is an object with \\\"jsonrpc\\\": \\\"2.0\\\""
            }
            guard message["method"]?.string != nil || message["result"] != nil || message["error"] != nil else {
                return "a JSON-RPC message has a method, a result or an error"
            }
            if let params = message["params"], params.members == nil {
                return "a message's params is an object"
            }
            if let id = message["id"] {
                switch id.value {
                case .string, .number: break
                default: return "a message's id is a string or a number"
                }
            }
        }
        return nil
    }
}
