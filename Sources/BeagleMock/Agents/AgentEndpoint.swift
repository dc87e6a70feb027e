import Foundation
import HTTPTypes
import MCP
import NIOCore
import Synchronization

/// `POST /__admin/mcp`: the Model Context Protocol over Streamable HTTP, stateless (each request
/// answered with JSON, no session), behind the admin API's gate (Docs/Agents.md).
final class AgentEndpoint: Sendable {
    /// The largest request read: a screen written (1 MiB of JSON) with room for its escaping.
    static let maxBodySize = 4 << 20

    private let transport = StatelessHTTPServerTransport(
        // The admin API's gate has judged the origin and the token; the rest is the protocol's.
        validationPipeline: StandardValidationPipeline(validators: [
            AcceptHeaderValidator(mode: .jsonOnly), ContentTypeValidator(), ProtocolVersionValidator(),
        ]))
    private let server = Mutex<Server?>(nil)

    /// Starts answering with `tools`.
    func start(_ tools: AgentTools) async throws {
        let started = await AgentServer.make(tools)
        try await started.start(transport: transport)
        server.withLock { $0 = started }
    }

    /// Stops answering: requests get 404 from then on.
    func stop() async {
        let running = server.withLock { running in
            defer { running = nil }
            return running
        }
        await running?.stop()
    }

    /// The answer to an MCP request whose body is `body`.
    func answer(_ head: HTTPTypes.HTTPRequest, body: ByteBuffer) async -> OutgoingResponse {
        var headers: [String: String] = [:]
        for field in head.headerFields {
            headers[field.name.canonicalName] = headers[field.name.canonicalName].map { $0 + ", " + field.value } ?? field.value
        }
        let request = MCP.HTTPRequest(
            method: head.method.rawValue, headers: headers, body: Data(body.readableBytesView), path: head.path)
        let answer = await transport.handleRequest(request)
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
