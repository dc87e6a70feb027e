import ArgumentParser
import BeagleMock

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `beagle-mock` command line.
@main
struct BeagleMockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beagle-mock",
        abstract: "A mock BFF for Beagle apps: serves screens with latency, faults and echo.",
        discussion: """
            Start with `beagle-mock serve screens`, then point your app's base URL at the address it prints.
            """,
        version: beagleMockVersion,
        subcommands: [
            ServeCommand.self, MCPCommand.self, ValidateCommand.self, ProbeCommand.self, ImportCommand.self, HealthCommand.self,
            CACommand.self, SchemaCommand.self,
        ]
    )

    /// Runs the command; an invalid flag exits 2 with the usage (ArgumentParser's own code is 64).
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                Console.error(fullMessage(for: error))
                Self.exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
