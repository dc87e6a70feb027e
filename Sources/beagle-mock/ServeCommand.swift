import ArgumentParser
import BeagleMock
import Foundation
import Logging

/// `beagle-mock serve`: serves a screens folder until Ctrl+C.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a folder of Beagle screens and images over HTTP.",
        discussion: """
            Routes come from file names: screens/home.json is GET /home, screens/catalog/index.json is \
            GET /catalog, home.ios.json answers GET /home for `beagle-platform: IOS`, cart.post.json \
            answers POST /cart, and images/ is served under /images.

            Examples:
              beagle-mock serve
                  serve ./screens on http://127.0.0.1:8080
              beagle-mock serve ./screens --port 9000
                  another port
              beagle-mock serve --host 0.0.0.0
                  reachable from phones and emulators on your network
              beagle-mock serve --images ./assets
                  serve ./assets under /images
              BEAGLE_MOCK_PORT=9000 beagle-mock serve
                  the port from the environment
              beagle-mock serve --latency 100ms..400ms --bandwidth 750kbit/s
                  a 3G-like network
              beagle-mock serve --fault status:503@0.2 --fault reset@0.05 --seed 7
                  one request in five gets 503, one in twenty a reset, the same
                  ones on every run
              beagle-mock serve --echo
                  X-Echo-* response headers
              beagle-mock serve --body-timeout 5s
                  408 for a request body still incomplete after 5 s
              beagle-mock serve --host 0.0.0.0 --admin-token s3cret
                  admin API with a bearer token
              beagle-mock serve --upstream https://bff.example.com \\
                  --latency 1s --fault status:503@0.1
                  the real BFF for what the folder lacks, on a bad network
              beagle-mock serve --upstream http://127.0.0.1:9000 --record
                  save what the BFF answers as files of the folder
              beagle-mock serve --host 0.0.0.0 --tls-port 8443
                  HTTPS too, from a local CA (beagle-mock ca)

            Per request: header X-Mock-Latency: 2s, X-Mock-Fault: reset, X-Mock-Bandwidth: 8KiB/s, \
            X-Mock-Dribble: 10x2s (or query __latency=2s, __fault=reset, __bandwidth=8KiB/s, __dribble=10x2s).

            What the app sent: GET /__admin/requests is the journal, newest first; /__echo \
            answers any request with the request itself as JSON; GET /__admin/openapi.json \
            describes the admin API.
            """
    )

    @OptionGroup var options: ServeOptions

    func run() async throws {
        LoggingSystem.bootstrap { _ in ConsoleLogHandler(format: options.logFormat, logLevel: options.quiet ? .warning : .info) }
        let server = try options.makeServer()
        let banner = Banner(server: server, screensArgument: options.directory, quiet: options.quiet)
        do {
            try await server.run { ports in
                Console.out(banner.text(ports: ports))
                // The banner holds them; a quiet one is a single line, and warnings still print.
                if options.quiet { for warning in banner.warnings() { Console.error("warning: \(warning)") } }
            }
        } catch {
            Console.error("beagle-mock: \(error)")
            throw ExitCode.failure
        }
        if !options.quiet { Console.out("beagle-mock stopped") }
    }
}
