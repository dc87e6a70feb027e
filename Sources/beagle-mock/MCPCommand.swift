import ArgumentParser
import BeagleMock
import Foundation
import Logging

/// `beagle-mock mcp`: serves a screens folder as `serve` does and answers the Model Context
/// Protocol on standard input and output, for a coding agent that starts it (Docs/Agents.md).
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve a screens folder and answer MCP on standard input and output, for coding agents.",
        discussion: """
            Takes every option of `serve`. Standard output carries the protocol alone: the banner (with \
            the HTTP port) and the log go to standard error. Ends when standard input ends. A running \
            `serve` answers the same tools over Streamable HTTP at POST /__admin/mcp.

            Examples:
              beagle-mock mcp screens                  an agent's config: command beagle-mock, args [mcp, screens]
              beagle-mock mcp screens --port 0         any free port (the banner on standard error names it)
            """
    )

    @OptionGroup var serve: ServeCommand

    func run() async throws {
        let format = serve.logFormat
        let level: Logger.Level = serve.quiet ? .warning : .info
        LoggingSystem.bootstrap { _ in ConsoleLogHandler(format: format, logLevel: level, standardErrorOnly: true) }
        let server = try serve.makeServer()
        let banner = Banner(server: server, screensArgument: serve.directory, quiet: serve.quiet)
        let serving = Task {
            try await server.run { ports in Console.error(banner.text(ports: ports)) }
        }
        do {
            try await server.serveAgentsOverStandardIO()
        } catch {
            Console.error("beagle-mock: the MCP connection failed: \(error)")
        }
        await server.stop()
        do {
            try await serving.value
        } catch {
            Console.error("beagle-mock: \(error)")
            throw ExitCode.failure
        }
    }
}
