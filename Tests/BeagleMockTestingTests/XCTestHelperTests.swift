import BeagleMockTesting
import XCTest

/// The XCTest helper: a server for the test, stopped by the teardown block it registers, which
/// XCTest runs before `tearDown()`.
final class XCTestHelperTests: XCTestCase {
    private var port: Int?

    func testStartsAServer() async throws {
        let mock = try await startBeagleMock("Fixtures/screens", latency: "10ms")
        port = mock.port
        XCTAssertNil(MockServerContext.current)
        let status = try await Probe.get("/home", from: mock)
        XCTAssertEqual(status, 200)
        XCTAssertEqual(try mock.journal().first?.latencyMs, 10)
    }

    /// A test that ends by a thrown error (here a skip, which fails nothing) still stops its server.
    func testStopsWhenTheTestThrows() async throws {
        let mock = try await startBeagleMock("Fixtures/screens")
        port = mock.port
        throw XCTSkip("ended by a thrown error; tearDown() checks that the server has stopped")
    }

    override func tearDown() async throws {
        if let port {
            let listening = await Probe.isListening(port: port)
            XCTAssertFalse(listening, "the server on port \(port) still listens after its test")
        }
        try await super.tearDown()
    }
}
