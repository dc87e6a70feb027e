import BeagleMockTesting
import BeagleNetworking
import Foundation
import Testing
import XCTest

// The examples of "A server per test: BeagleMockTesting" in Docs/ClientLibrary.md, as written
// there (keep the two in step), so the documentation is code that compiles and passes.

// --- as in the documentation ---
@Suite(.beagleMock("Fixtures/screens", scope: .eachTest))
struct HomeScreenTests {
    /// A view client pointed at the current test's server.
    static func viewClient() throws -> ViewClient {
        let mock = try #require(MockServerContext.current)
        return ViewClient(
            networkClient: NetworkClientDefault(timeout: .seconds(10)),
            urlBuilder: UrlBuilder(baseUrl: URL(string: mock.baseURL))
        )
    }

    @Test func homeIsFetchedAsIOS() async throws {
        _ = try await Self.viewClient().fetch(url: "/home")

        let mock = try #require(MockServerContext.current)
        let request = try #require(try mock.journal(path: "/home").first)
        #expect(request.headers["beagle-platform"] == ["IOS"])
    }

    @Test func anOutageIsAnHTTPStatus() async throws {
        let mock = try #require(MockServerContext.current)
        try mock.updateSettings { $0.faults = ["status:503"] }
        let viewClient = try Self.viewClient()

        do throws(Request.Error) {
            _ = try await viewClient.fetch(url: "/home")
            Issue.record("expected a 503")
        } catch {
            guard case .httpStatus(503, _)? = error.networkFailure else {
                Issue.record("expected a 503, got \(error)")
                return
            }
        }
    }

    @Test(.beagleMock("Fixtures/screens", seed: 7, latency: "150ms"))
    func optionsAreTheServersFlags() async throws {
        _ = try await Self.viewClient().fetch(url: "/details")

        let mock = try #require(MockServerContext.current)
        #expect(try mock.journal().first?.latencyMs == 150)
    }
}

final class HomeScreenXCTests: XCTestCase {
    func testHomeIsFetched() async throws {
        let mock = try await startBeagleMock("Fixtures/screens", latency: "50ms")
        let viewClient = ViewClient(
            networkClient: NetworkClientDefault(timeout: .seconds(10)),
            urlBuilder: UrlBuilder(baseUrl: URL(string: mock.baseURL))
        )

        _ = try await viewClient.fetch(url: "/home")

        XCTAssertEqual(try mock.journal(path: "/home").map(\.latencyMs), [50])
    }
}
// --- end of the documentation's examples ---
