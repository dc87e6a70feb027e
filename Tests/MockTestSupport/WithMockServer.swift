import BeagleMock

/// Runs `body` with a server started on port 0 over `configuration`'s folder, and stops the
/// server whatever happens. The test holds one of the `LiveSlots` meanwhile.
public func withMockServer<T>(
    _ configuration: MockServerConfiguration, _ body: (RunningMockServer) async throws -> T
) async throws -> T {
    var configuration = configuration
    configuration.port = 0
    return try await LiveSlots.withSlot {
        let server = try await MockServer.start(configuration)
        do {
            let result = try await body(server)
            try await server.stop()
            return result
        } catch {
            try? await server.stop()
            throw error
        }
    }
}

/// Runs `body` with a server over a temporary screens folder holding `files`, then deletes it.
public func withMockServer<T>(
    files: [String: String], configure: (inout MockServerConfiguration) -> Void = { _ in },
    _ body: (RunningMockServer, TemporaryScreens) async throws -> T
) async throws -> T {
    let folder = try TemporaryScreens(files)
    defer { folder.remove() }
    var configuration = MockServerConfiguration(screensDirectory: folder.screens, port: 0)
    configure(&configuration)
    return try await withMockServer(configuration) { server in try await body(server, folder) }
}
