import BeagleMock
import Foundation
import MockTestSupport
import Testing

/// Every fault of Docs/LatencyAndFaults.md that drops or breaks a connection, met by URLSession in a
/// `network-probe` process rather than in this one (see `NetworkProbe`: on Linux URLSession can
/// kill its whole process on such a fault, swift-corelibs-foundation #5285).
///
/// Each fault is tried on the first request of a session and on the second request of one
/// session, after a plain request left a keep-alive connection in the pool: URLSession re-sends
/// a request that meets a dead pooled connection, which could hide a fault.
@Suite struct NetworkProbeFaultTests {
    /// A fault and what each client must report for it.
    struct FaultCase: Sendable, CustomTestStringConvertible {
        /// The `__fault` value.
        var fault: String
        /// The `NetworkFailure` cases BeagleNetworking may map it to (by name).
        var failures: Set<String>
        /// The HTTP status of an `httpStatus` failure.
        var status: Int? = nil
        /// The raw `NSURLErrorDomain` code plain URLSession reports on Linux; nil when it reports
        /// a response instead of an error.
        var urlErrorCode: Int?
        /// How many requests the server sees when the fault hits the second request of a session
        /// (URLSession re-sends after an empty reply or a reset on a reused connection).
        var attemptsOnReusedConnection = 1

        var testDescription: String { fault }
    }

    /// Measured on Linux (Swift 6.3.1, libcurl 7.88.1); the codes agree with notes/stack.md
    /// section 12. -1 carries curl's message ("transfer closed with N bytes remaining to read",
    /// "Malformed encoding found in chunked-encoding"), which is how the library tells them apart.
    static let faults: [FaultCase] = [
        FaultCase(fault: "status:503", failures: ["httpStatus"], status: 503, urlErrorCode: nil),
        FaultCase(fault: "empty-response", failures: ["emptyResponse"], urlErrorCode: -1011, attemptsOnReusedConnection: 2),
        FaultCase(fault: "reset", failures: ["connectionReset"], urlErrorCode: -1005, attemptsOnReusedConnection: 2),
        FaultCase(fault: "reset-mid-body", failures: ["connectionReset", "truncatedResponse"], urlErrorCode: -1005),
        FaultCase(fault: "garbage", failures: ["malformedResponse"], urlErrorCode: -1002),
        FaultCase(fault: "truncate", failures: ["truncatedResponse"], urlErrorCode: -1),
        FaultCase(fault: "malformed-chunk", failures: ["malformedResponse"], urlErrorCode: -1),
    ]

    /// A server whose access log is kept, for counting what reached it.
    static func withServer<T>(
        hangMax: Duration = .seconds(30), _ body: (RunningMockServer, LogCapture) async throws -> T
    ) async throws -> T {
        let log = LogCapture()
        return try await withMockServer(
            files: Fixtures.files,
            configure: {
                $0.flags = CommandLineSettings(hangMax: hangMax)
                $0.logger = log.logger
                $0.shutdownGracePeriod = .seconds(1)
            }
        ) { server, _ in try await body(server, log) }
    }

    /// Checks a library result against a case.
    static func expect(_ result: NetworkProbe.Result, matches fault: FaultCase, sourceLocation: SourceLocation = #_sourceLocation)
    {
        #expect(result.outcome == "failure", "\(fault.fault): \(result)", sourceLocation: sourceLocation)
        #expect(fault.failures.contains(result.failure ?? "-"), "\(fault.fault): \(result)", sourceLocation: sourceLocation)
        if let status = fault.status {
            #expect(result.failureCode == status, "\(fault.fault): \(result)", sourceLocation: sourceLocation)
        }
    }

    // MARK: BeagleNetworking's NetworkFailure

    @Test(arguments: faults)
    func libraryMapsTheFaultOnTheFirstRequest(_ fault: FaultCase) async throws {
        try await Self.withServer { server, log in
            let results = try await NetworkProbe.run(.library, urls: ["\(server.baseURL)/home?__fault=\(fault.fault)"])
            Self.expect(results[0], matches: fault)
            #expect(await log.waitForRequests(path: "/home", count: 1))
        }
    }

    @Test(arguments: faults)
    func libraryMapsTheFaultOnTheSecondRequestOfASession(_ fault: FaultCase) async throws {
        try await Self.withServer { server, log in
            let results = try await NetworkProbe.run(
                .library, urls: ["\(server.baseURL)/plain", "\(server.baseURL)/home?__fault=\(fault.fault)"])
            #expect(results[0].outcome == "success" && results[0].status == 200, "first request: \(results[0])")
            Self.expect(results[1], matches: fault)
            #expect(await log.waitForRequests(path: "/home", count: fault.attemptsOnReusedConnection))
            #expect(log.requests(path: "/plain").count == 1)
        }
    }

    @Test(arguments: [false, true])
    func hangIsATimeoutAtTheLibrarysDeadline(secondRequest: Bool) async throws {
        try await Self.withServer(hangMax: .seconds(30)) { server, log in
            let hang = "\(server.baseURL)/home?__fault=hang"
            let urls = secondRequest ? ["\(server.baseURL)/plain", hang] : [hang]
            let results = try await NetworkProbe.run(.library, urls: urls, timeout: .seconds(1))
            let result = try #require(results.last)
            #expect(result.failure == "timeout", "\(result)")
            // At the deadline, well before the server's hang-max of 30 s.
            #expect(result.ms >= 950 && result.ms < 10_000, "\(result)")
            // The deadline cancelled the request: the server sees the client leave.
            #expect(await log.wait { entries in entries.contains { $0.message.contains("outcome=client-gone") } })
        }
    }

    /// Docs/LatencyAndFaults.md: a response that was spared a connection-ending fault closes its
    /// connection, so that the next request, which draws the fault, cannot be re-sent silently
    /// on the pooled connection and succeed (here the third entry of the sequence is `ok`).
    @Test(arguments: ["reset", "empty-response"])
    func aSequencedFaultIsNotHiddenByKeepAlive(fault: String) async throws {
        let config = """
            routes:
              - path: /flaky
                sequence: [ok, "\(fault)", ok]
            """
        let log = LogCapture()
        var files = Fixtures.files
        files["screens/flaky.json"] = Fixtures.text("flaky")
        files["screens/beagle-mock.yml"] = config
        try await withMockServer(files: files, configure: { $0.logger = log.logger }) { server, _ in
            let url = "\(server.baseURL)/flaky"
            let results = try await NetworkProbe.run(.library, urls: [url, url])
            #expect(results[0].outcome == "success", "\(results[0])")
            let expected = fault == "reset" ? "connectionReset" : "emptyResponse"
            #expect(results[1].failure == expected, "\(results[1])")
            #expect(await log.waitForRequests(path: "/flaky", count: 2))
            #expect(log.requests(path: "/flaky").count == 2)
        }
    }

    // MARK: Plain URLSession: which error it raises

    @Test(arguments: faults)
    func urlSessionRaisesOnTheFirstRequest(_ fault: FaultCase) async throws {
        try await Self.withServer { server, log in
            let results = try await NetworkProbe.run(.urlsession, urls: ["\(server.baseURL)/home?__fault=\(fault.fault)"])
            Self.expectRaw(results[0], fault)
            #expect(await log.waitForRequests(path: "/home", count: 1))
        }
    }

    @Test(arguments: faults)
    func urlSessionRaisesOnTheSecondRequestOfASession(_ fault: FaultCase) async throws {
        try await Self.withServer { server, log in
            let results = try await NetworkProbe.run(
                .urlsession, urls: ["\(server.baseURL)/plain", "\(server.baseURL)/home?__fault=\(fault.fault)"])
            #expect(results[0].outcome == "success" && results[0].status == 200, "first request: \(results[0])")
            Self.expectRaw(results[1], fault)
            // The silent retry on a reused connection, seen from the server.
            #expect(await log.waitForRequests(path: "/home", count: fault.attemptsOnReusedConnection))
            #expect(log.requests(path: "/home").count == fault.attemptsOnReusedConnection)
        }
    }

    static func expectRaw(_ result: NetworkProbe.Result, _ fault: FaultCase, sourceLocation: SourceLocation = #_sourceLocation) {
        if let code = fault.urlErrorCode {
            #expect(result.outcome == "failure", "\(fault.fault): \(result)", sourceLocation: sourceLocation)
            #expect(result.domain == "NSURLErrorDomain", "\(fault.fault): \(result)", sourceLocation: sourceLocation)
            #expect(result.code == code, "\(fault.fault): \(result)", sourceLocation: sourceLocation)
        } else {
            #expect(result.outcome == "success", "\(fault.fault): \(result)", sourceLocation: sourceLocation)
            #expect(result.status == fault.status, "\(fault.fault): \(result)", sourceLocation: sourceLocation)
        }
    }

    /// URLSession on Linux ignores `URLRequest.timeoutInterval` (measured on Swift 6.3.1; the
    /// session configuration's `timeoutIntervalForRequest`, 60 s by default, is what it obeys):
    /// a hang with a 1-second request timeout lasts until the server gives up at `--hang-max`,
    /// and the close then arrives as an empty reply (-1011). Hence BeagleNetworking's own deadline.
    @Test func urlSessionIgnoresTheRequestTimeoutOnAHang() async throws {
        try await Self.withServer(hangMax: .seconds(3)) { server, _ in
            let results = try await NetworkProbe.run(
                .urlsession, urls: ["\(server.baseURL)/home?__fault=hang"], timeout: .seconds(1))
            #expect(results[0].code == -1011, "\(results[0])")
            #expect(results[0].ms >= 2_900, "\(results[0])")
        }
    }

    /// With the session configuration's `timeoutIntervalForRequest`, a hang is -1001 (timedOut).
    @Test func urlSessionTimesOutAHangAtTheSessionTimeout() async throws {
        try await Self.withServer(hangMax: .seconds(30)) { server, _ in
            let results = try await NetworkProbe.run(
                .urlsession, urls: ["\(server.baseURL)/home?__fault=hang"], timeout: .seconds(1), sessionTimeout: .seconds(1))
            #expect(results[0].code == -1001, "\(results[0])")
            #expect(results[0].ms >= 950 && results[0].ms < 10_000, "\(results[0])")
        }
    }
}
