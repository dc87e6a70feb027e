import BeagleMock
import BeagleMockTesting
import Foundation
import Synchronization
import Testing

/// The trait on a test: a server of the test's own, reachable through the task-local.
@Suite struct BeagleMockTraitTests {
    @Test(.beagleMock("Fixtures/screens"))
    func aTestGetsAServer() async throws {
        let mock = try #require(MockServerContext.current)
        #expect(mock.port > 0)
        #expect(mock.baseURL == "http://127.0.0.1:\(mock.port)")
        #expect(mock.url("/home?__fault=status:503").absoluteString == "\(mock.baseURL)/home?__fault=status:503")
        #expect(try await Probe.get("/home", from: mock) == 200)
        #expect(try mock.journal().map(\.path) == ["/home"])
    }

    @Test func noServerWithoutTheTrait() {
        #expect(MockServerContext.current == nil)
    }

    @Test(.beagleMock("Fixtures/screens"))
    func childTasksSeeTheServer() async throws {
        let port = try #require(MockServerContext.current).port
        let seen = await Task { MockServerContext.current?.port }.value
        #expect(seen == port)
    }

    /// One server per argument, each stopped before the next starts or alongside it.
    @Test(.beagleMock("Fixtures/screens"), arguments: ["/home", "/details"])
    func eachArgumentGetsAServer(path: String) async throws {
        let mock = try #require(MockServerContext.current)
        #expect(try await Probe.get(path, from: mock) == 200)
        #expect(try mock.journal().map(\.path) == [path])
    }
}

/// Requests made so far by the tests of ``SharedServerSuite``, which run one at a time.
private let sharedSuiteRequests = Mutex(0)

/// The trait on a suite, by default: one server that every test of the suite shares.
@Suite(.serialized, .beagleMock("Fixtures/screens"))
struct SharedServerSuite {
    /// Each test adds one request; the shared journal holds those of the tests before it too.
    func requestAndCount(_ path: String) async throws {
        let mock = try #require(MockServerContext.current)
        #expect(try await Probe.get(path, from: mock) == 200)
        let made = sharedSuiteRequests.withLock { count in
            count += 1
            return count
        }
        #expect(try mock.journal().count == made)
    }

    @Test func first() async throws { try await requestAndCount("/home") }
    @Test func second() async throws { try await requestAndCount("/details") }
    @Test func third() async throws { try await requestAndCount("/home") }
}

/// The trait on a suite with `scope: .eachTest`: a server per test, even when they run one after
/// the other.
@Suite(.serialized, .beagleMock("Fixtures/screens", scope: .eachTest))
struct ServerPerTestSuite {
    /// Whatever ran before, the test's server has seen only the test's request.
    func requestAlone(_ path: String) async throws {
        let mock = try #require(MockServerContext.current)
        #expect(try await Probe.get(path, from: mock) == 200)
        #expect(try mock.journal().map(\.path) == [path])
    }

    @Test func first() async throws { try await requestAlone("/home") }
    @Test func second() async throws { try await requestAlone("/details") }

    /// A test's own trait wins over the suite's: its server has the test's options.
    @Test(.beagleMock("Fixtures/screens", latency: "20ms"))
    func aTestTraitInsideASuite() async throws {
        let mock = try #require(MockServerContext.current)
        #expect(try await Probe.get("/home", from: mock) == 200)
        #expect(try mock.journal().first?.latencyMs == 20)
    }
}
