import ArgumentParser
import BeagleMock
import BeagleMockDoors
import Foundation
import Logging

/// `beagle-mock mcp`: serves a screens folder as `serve` does and answers the Model Context
/// Protocol on standard input and output, for a coding agent that starts it (Docs/Agents.md).
struct MCPCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve a screens folder and answer MCP on standard input and output, for coding agents.",
        usage: "beagle-mock mcp [<directory>] [<serve options>]",
        discussion: """
            Takes every option of `serve`. Standard output carries the protocol alone: the banner (with \
            the HTTP port) and the log go to standard error. Ends when standard input ends.

            When a beagle-mock already answers on the port (a `serve` you started), mcp relays to it \
            instead of starting a second server, so the agent's tools see the requests your app makes \
            and change the network it gets; --attach URL names that server. A running `serve` also \
            answers the same tools over Streamable HTTP at POST /__admin/mcp.

            Examples:
              beagle-mock mcp --attach http://127.0.0.1:8080
                  relay to the serve you started (with its --admin-token, if any)
              beagle-mock mcp screens
                  an agent's config: command beagle-mock, args [mcp, screens]
              beagle-mock mcp screens --port 0
                  any free port (the banner on standard error names it)
            """
    )

    @OptionGroup var serve: ServeOptions

    @Option(
        help: ArgumentHelp(
            "Relay to the beagle-mock serving at this URL instead of starting a server (the token: --admin-token).",
            valueName: "url"))
    var attach: String?

    func validate() throws {
        _ = try attachedServer()
    }

    /// The server `--attach` names, nil without it.
    private func attachedServer() throws -> URL? {
        guard let attach else { return nil }
        guard let base = URL(string: attach), base.scheme == "http" || base.scheme == "https", base.host != nil else {
            throw ValidationError("--attach '\(attach)' is not a server's URL; write it like http://127.0.0.1:8080")
        }
        return base
    }

    func run() async throws {
        if let base = try attachedServer() {
            return try await AgentRelay(base: base, token: serve.adminToken).run()
        }
        if let running = await runningServer() {
            Console.error(
                "beagle-mock: a beagle-mock already answers on \(running.url) (\(running.summary)): relaying MCP to it, "
                    + "so the agent sees your app's requests (start mcp with another --port for a server of its own)")
            return try await AgentRelay(base: running.url, token: serve.adminToken).run()
        }
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

    /// The beagle-mock already serving on the port this command would take, if one answers its
    /// health check at once; nil for `--port 0`.
    private func runningServer() async -> (url: URL, summary: String)? {
        let port = serve.port ?? 8080
        guard port != 0 else { return nil }
        let target = HealthTarget(listeningHost: serve.host, port: port)
        guard let health = try? await HealthProbe(target: target, timeout: .milliseconds(500)).check(),
            let url = URL(string: "http://\(target.hostHeader)")
        else { return nil }
        return (url, "beagle-mock \(health.summary)")
    }
}
