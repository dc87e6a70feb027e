import ServiceLifecycle

/// One listening server (HTTP or HTTPS) as a service of the group: when it cannot run, its
/// failure names the port and the option that chose it, so that the message points at the right
/// one.
package struct Listener: Service {
    /// A listener's failure: what went wrong, on which port, set by which option.
    package struct Failure: Error {
        package let underlying: any Error
        package let port: Int
        package let option: String
    }

    package let server: any Service
    package let port: Int
    package let option: String

    /// `server`, which listens on `port`, chosen by `option` (`--port`, `--tls-port`).
    package init(server: any Service, port: Int, option: String) {
        self.server = server
        self.port = port
        self.option = option
    }

    package func run() async throws {
        do {
            try await server.run()
        } catch {
            throw Failure(underlying: error, port: port, option: option)
        }
    }
}
