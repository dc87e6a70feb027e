#if canImport(XCTest)
import BeagleMock
import XCTest

extension XCTestCase {
    /// Starts a mock server over `screens` for this test, on a free port of the loopback address,
    /// and stops it when the test ends, failed or not (a teardown block).
    ///
    /// The same server and options as the Swift Testing trait
    /// `Trait.beagleMock(_:scope:seed:latency:faults:configFile:imagesDirectory:filePath:)`,
    /// relative paths resolved the same way (against the folder of the calling source file); the
    /// context is returned rather than set as ``MockServerContext/current``.
    ///
    /// ```swift
    /// final class HomeTests: XCTestCase {
    ///     func testHome() async throws {
    ///         let mock = try await startBeagleMock("Fixtures/screens", latency: "200ms")
    ///         let (_, response) = try await URLSession.shared.data(from: mock.url("/home"))
    ///         XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
    ///     }
    /// }
    /// ```
    @discardableResult
    public func startBeagleMock(
        _ screens: String,
        seed: UInt64? = nil,
        latency: String? = nil,
        faults: [String] = [],
        configFile: String? = nil,
        imagesDirectory: String? = nil,
        filePath: String = #filePath
    ) async throws -> MockServerContext {
        let options = ServerOptions(
            screens: screens, seed: seed, latency: latency, faults: faults, configFile: configFile,
            imagesDirectory: imagesDirectory, filePath: filePath)
        let context = try await options.start()
        addTeardownBlock { try await context.server.stop() }
        return context
    }
}
#endif
