import ServiceLifecycle

/// One listening server (HTTP or HTTPS) as a service of the group: when it cannot run, its
/// failure names the port and the option that chose it, so that the message points at the right
/// one.
struct Listener: Service {
    /// A listener's failure: what went wrong, on which port, set by which option.
    struct Failure: Error {
        let underlying: any Error
        let port: Int
        let option: String
    }

    let server: any Service
    let port: Int
    let option: String

    func run() async throws {
        do {
            try await server.run()
        } catch {
            throw Failure(underlying: error, port: port, option: option)
        }
    }
}
