import ArgumentParser
import BeagleMock

/// The `beagle-mock` command line.
@main
struct BeagleMockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beagle-mock",
        abstract: "A mock BFF for Beagle apps: serves screens with latency, faults and echo.",
        version: beagleMockVersion,
        subcommands: [ValidateCommand.self]
    )
}
