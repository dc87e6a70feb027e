import ArgumentParser
import BeagleMock
import Foundation

/// `beagle-mock health`: asks a running server for `GET /__admin/health`, so that a container
/// can check itself without curl (the slim runtime image has none).
///
/// The check itself is ``HealthProbe`` in BeagleMock, where unit tests reach it; this command reads
/// the flags and the environment, and turns the outcome into an exit code and one line.
struct HealthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Check that a running beagle-mock answers its health endpoint.",
        discussion: """
            Sends GET /__admin/health and exits 0 when the server answers 200 with \
            {"status":"ok"}, 1 otherwise, with a one-line reason on standard error. Made for \
            container health checks: it needs no curl, and gives up after --timeout, from name \
            resolution to the last byte.

            Without --url it asks http://127.0.0.1:PORT, PORT from BEAGLE_MOCK_PORT (default \
            8080); when BEAGLE_MOCK_HOST names one address (not 0.0.0.0 or ::), it asks that \
            address. A --url with a path is a prefix (a mock behind a proxy at /mock is checked at \
            /mock/__admin/health).

            Examples:
              beagle-mock health
              beagle-mock health --url http://mock:8080 --timeout 5s
              HEALTHCHECK CMD ["beagle-mock", "health"]
            """
    )

    @Option(
        help: ArgumentHelp(
            "The server's base URL (default: http://127.0.0.1 on BEAGLE_MOCK_PORT, or 8080).", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("How long the whole check may take, like 2s or 500ms.", valueName: "duration"))
    var timeout: String = "2s"

    mutating func validate() throws {
        _ = try target()
        _ = try deadline()
    }

    func run() async throws {
        let target = try target()
        let limit = try deadline()
        do {
            let health = try await HealthProbe(target: target, timeout: limit).check()
            Console.out("healthy: \(target.display): beagle-mock \(health.summary)")
        } catch {
            let reason = String(describing: error).replacingOccurrences(of: "\n", with: " ")
            Console.error("beagle-mock: unhealthy: \(target.display): \(reason)")
            throw ExitCode.failure
        }
    }

    /// The `--timeout` value, refused when it is not a positive duration.
    private func deadline() throws -> Duration {
        try DurationFlag.positive(timeout, flag: "--timeout", example: "2s")
    }

    /// Where to send the request: `--url`, or the server this environment would start.
    private func target() throws -> HealthTarget {
        if let url {
            do {
                return try HealthTarget(url: url)
            } catch {
                throw ValidationError(error.description)
            }
        }
        let environment = ProcessInfo.processInfo.environment
        var port = 8080
        if let text = environment["BEAGLE_MOCK_PORT"], !ServiceLinkVariable.isServiceLink(text) {
            guard let value = Int(text), (0...65535).contains(value) else {
                throw ValidationError("BEAGLE_MOCK_PORT='\(text)' is not a port number (1-65535)")
            }
            guard value != 0 else {
                throw ValidationError(
                    "BEAGLE_MOCK_PORT=0 lets the server pick a free port; pass --url with the port its banner printed")
            }
            port = value
        }
        return HealthTarget(listeningHost: environment["BEAGLE_MOCK_HOST"], port: port)
    }
}
