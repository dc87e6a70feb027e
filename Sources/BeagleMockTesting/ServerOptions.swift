import BeagleMock
import Foundation

/// What the trait and the XCTest helper start a server with: the folders and options as written
/// at the call site, resolved and turned into a `MockServerConfiguration` when the server starts.
struct ServerOptions: Sendable {
    /// The screens folder as written: absolute, or relative to `baseDirectory`.
    var screens: String
    /// The seed for the random draws (`--seed`).
    var seed: UInt64?
    /// The latency of every request (`--latency`), like `200ms` or `100ms..400ms`.
    var latency: String?
    /// Fault rules for every request (`--fault`), like `status:503@0.2`.
    var faults: [String]
    /// The config file's timeline that runs from the start (`--timeline`).
    var timeline: String? = nil
    /// The config file, absolute or relative to `baseDirectory`.
    var configFile: String?
    /// The images folder, absolute or relative to `baseDirectory`.
    var imagesDirectory: String?
    /// The folder of the source file that asked for the server (`#filePath`'s directory).
    var baseDirectory: String

    init(
        screens: String, seed: UInt64?, latency: String?, faults: [String], timeline: String? = nil, configFile: String?,
        imagesDirectory: String?, filePath: String
    ) {
        self.screens = screens
        self.seed = seed
        self.latency = latency
        self.faults = faults
        self.timeline = timeline
        self.configFile = configFile
        self.imagesDirectory = imagesDirectory
        self.baseDirectory = URL(fileURLWithPath: filePath).deletingLastPathComponent().path
    }

    /// `path` as it is when absolute, else in `baseDirectory`: the working directory of a test run
    /// depends on the tool that runs it (the folder `swift test` runs in, Xcode's own elsewhere),
    /// the source file's folder does not.
    func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: baseDirectory, isDirectory: true))
            .standardizedFileURL.path
    }

    /// The server's configuration: port 0 on the loopback address, the options as the `serve`
    /// flags would set them (a bad one throws a `FlagError` naming the flag).
    func configuration() throws -> MockServerConfiguration {
        var configuration = MockServerConfiguration(
            screensDirectory: resolve(screens), imagesDirectory: imagesDirectory.map(resolve), host: "127.0.0.1", port: 0,
            configFile: configFile.map(resolve))
        configuration.flags = try CommandLineSettings(
            latency: latency, faults: faults, bandwidth: nil, seed: seed.map { String($0) }, hangMax: nil, journalSize: nil)
        configuration.timeline = timeline
        return configuration
    }

    /// Starts a server and returns it once it listens.
    func start() async throws -> MockServerContext {
        MockServerContext(server: try await MockServer.start(try configuration()))
    }

    /// Runs `body` with a server started for it and set as ``MockServerContext/current``, and stops
    /// the server when `body` ends: returned, thrown or cancelled.
    func withServer(_ body: @Sendable () async throws -> Void) async throws {
        let context = try await start()
        do {
            try await MockServerContext.$current.withValue(context) { try await body() }
        } catch {
            try? await context.server.stop()
            throw error
        }
        try await context.server.stop()
    }
}
