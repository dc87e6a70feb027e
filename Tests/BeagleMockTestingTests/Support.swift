import BeagleMockTesting
import MockTestSupport

/// What the tests of the trait ask a server.
enum Probe {
    /// `GET path` on the current test's server; the status, or nil when nothing answered.
    static func get(_ path: String, from context: MockServerContext, headers: [(String, String)] = []) async throws -> Int? {
        try await HTTPProbe.request(port: context.port, target: path, headers: headers)?.status
    }

    /// Whether anything accepts a connection on `port` of the loopback address: a stopped
    /// server's port refuses it.
    static func isListening(port: Int) async -> Bool {
        guard let connection = try? await RawConnection.connect(port: port) else { return false }
        await connection.close()
        return true
    }
}
