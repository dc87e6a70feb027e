import BeagleMockEngine
import BeagleMockHTTP
import MCP

/// An MCP server over ``AgentTools``: its tools and the screens as resources (Docs/Agents.md).
/// One is made for each transport: the admin API's Streamable HTTP endpoint, and standard input
/// and output for `beagle-mock mcp`.
package enum AgentServer {
    /// The server's name in `initialize`.
    static let name = "beagle-mock"

    /// What an agent reads when it connects.
    static let instructions = """
        beagle-mock serves a folder of Beagle screen JSON as a Beagle BFF. Read the routes \
        (list_routes), a screen as a platform gets it (get_screen, outline_screen), check screens \
        (validate) and write them (write_screen); shape the network the app meets (set_network, \
        clear_network); see what the app sent (read_journal, wait_for_request); reset.
        """

    /// A server answering with `tools`, not yet started.
    static func make(_ tools: AgentTools) async -> Server {
        let server = Server(
            name: name, version: beagleMockVersion, instructions: instructions,
            capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: AgentTool.allCases.map(\.tool))
        }
        await server.withMethodHandler(CallTool.self) { parameters in
            try await tools.call(parameters.name, parameters.arguments ?? [:])
        }
        await server.withMethodHandler(ListResources.self) { _ in
            ListResources.Result(resources: tools.resources())
        }
        await server.withMethodHandler(ReadResource.self) { parameters in
            try tools.read(parameters.uri)
        }
        return server
    }
}

extension AgentServer {
    /// Answers on standard input and output (``StandardIOTransport``) with `tools` until standard
    /// input ends; the tool requests directly (``ToolAnsweringTransport``), the others through the
    /// SDK's server.
    package static func serveOverStandardIO(_ tools: AgentTools) async throws {
        let server = await make(tools)
        try await server.start(transport: ToolAnsweringTransport(StandardIOTransport(), tools: tools))
        await server.waitUntilCompleted()
        await server.stop()
    }
}
