import BeagleMock
import BeagleMockTesting
import Synchronization
import Testing

/// The trait's scope run directly, as Swift Testing runs it around a test, with bodies that pass,
/// throw and fail an expectation: the server is stopped after each, and the task-local is nil
/// again.
@Suite struct ScopeLifetimeTests {
    struct Thrown: Error {}

    /// Runs the trait's scope around `body`, and returns the port its server listened on.
    func runScope(
        _ trait: BeagleMockTrait = .beagleMock("Fixtures/screens"),
        _ body: @Sendable (MockServerContext) async throws -> Void
    ) async throws -> Int? {
        let port = Mutex<Int?>(nil)
        let test = try #require(Test.current)
        try await trait.provideScope(for: test, testCase: Test.Case.current) {
            let mock = try #require(MockServerContext.current)
            port.withLock { $0 = mock.port }
            try await body(mock)
        }
        return port.withLock { $0 }
    }

    /// Runs the scope with a body that throws, which the scope rethrows; returns the port.
    func runThrowingScope(_ body: @Sendable (MockServerContext) async throws -> Void) async -> Int? {
        let port = Mutex<Int?>(nil)
        await #expect(throws: Thrown.self) {
            _ = try await runScope { mock in
                port.withLock { $0 = mock.port }
                try await body(mock)
            }
        }
        return port.withLock { $0 }
    }

    @Test func stoppedAfterAPassingBody() async throws {
        let port = try await runScope { mock async throws in
            #expect(try await Probe.get("/home", from: mock) == 200)
            #expect(await Probe.isListening(port: mock.port))
        }
        #expect(MockServerContext.current == nil)
        #expect(await !Probe.isListening(port: try #require(port)))
    }

    @Test func stoppedAfterAThrowingBody() async throws {
        let port = await runThrowingScope { mock in
            #expect(try await Probe.get("/home", from: mock) == 200)
            throw Thrown()
        }
        #expect(MockServerContext.current == nil)
        #expect(await !Probe.isListening(port: try #require(port)))
    }

    /// An expectation that fails records an issue and lets the test go on: the scope returns
    /// normally, and stops the server. The issue is the known one `withKnownIssue` expects.
    @Test func stoppedAfterAFailedExpectation() async throws {
        let port = Mutex<Int?>(nil)
        await withKnownIssue {
            let ran = try await runScope { mock async throws in
                #expect(await Probe.isListening(port: mock.port))
                #expect(try await Probe.get("/home", from: mock) == 404, "the failure this test expects")
            }
            port.withLock { $0 = ran }
        }
        #expect(MockServerContext.current == nil)
        #expect(await !Probe.isListening(port: try #require(port.withLock { $0 })))
    }

    /// `try #require` throws on failure: the issue is recorded and the scope ends by the throw.
    @Test func stoppedAfterAFailedRequirement() async throws {
        let port = Mutex<Int?>(nil)
        await withKnownIssue {
            _ = try await runScope { mock in
                port.withLock { $0 = mock.port }
                let status = try await Probe.get("/missing", from: mock)
                try #require(status == 200, "the failure this test expects")
            }
        }
        #expect(await !Probe.isListening(port: try #require(port.withLock { $0 })))
    }

    /// A server that cannot start fails the test with its reason, and the body never runs.
    @Test func aMissingFolderFailsBeforeTheBody() async throws {
        let ran = Mutex(false)
        await #expect(throws: MockServerError.self) {
            _ = try await runScope(.beagleMock("Fixtures/no-such-folder")) { _ in ran.withLock { $0 = true } }
        }
        #expect(!ran.withLock { $0 })
    }

    /// A bad option fails as the `serve` flag would, naming the flag.
    @Test func aBadOptionNamesTheFlag() async throws {
        let error = await #expect(throws: FlagError.self) {
            _ = try await runScope(.beagleMock("Fixtures/screens", latency: "fast")) { _ in }
        }
        #expect(error?.flag == "--latency")
    }
}
