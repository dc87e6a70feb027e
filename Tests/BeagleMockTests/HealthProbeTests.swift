import BeagleMock
import MockTestSupport
import NIOCore
import NIOPosix
import Synchronization
import Testing

@testable import beagle_mock

/// ``HealthProbe`` in process, against canned answers from a raw TCP server and against a real
/// mock: the framing NIO's decoder handles, and the one-line reason for each way a check fails.
@Suite struct HealthProbeTests {
    /// Long enough for a busy machine running the suite in parallel; passing checks never come near it.
    static let generous = Duration.seconds(30)

    /// What a healthy beagle-mock answers, with every field set.
    static let healthyJSON = #"{"status":"ok","version":"9.9.9","routes":3,"uptimeSeconds":7}"#

    /// A body framed by Content-Length gives the report, summary included.
    @Test func contentLengthAnswerIsHealthy() async throws {
        let answer = "HTTP/1.1 200 OK\r\nContent-Length: \(Self.healthyJSON.utf8.count)\r\n\r\n\(Self.healthyJSON)"
        try await withCannedServer(.answer(answer)) { server in
            let report = try await server.probe().check()
            #expect(report.status == "ok")
            #expect(report.uptimeSeconds == 7)
            #expect(report.summary == "9.9.9, 3 routes, up 7s")
        }
    }

    /// A chunked body is put back together before the JSON is read.
    @Test func chunkedAnswerIsHealthy() async throws {
        // The JSON split mid-token, and a chunk extension the decoder must skip.
        let answer =
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7\r\n{\"statu\r\n8;x=y\r\ns\":\"ok\"}\r\n0\r\n\r\n"
        try await withCannedServer(.answer(answer)) { server in
            let report = try await server.probe().check()
            #expect(report.status == "ok")
            #expect(report.summary == "(no version)")
        }
    }

    /// An HTTP/1.1 body with no framing ends where the connection does.
    @Test func closeDelimitedAnswerIsHealthy() async throws {
        // No Content-Length and no chunking: the body ends where the server closes the connection.
        let answer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n\(Self.healthyJSON)"
        try await withCannedServer(.answer(answer)) { server in
            let report = try await server.probe().check()
            #expect(report.version == "9.9.9")
        }
    }

    /// The request line and headers are what the health command documents.
    @Test func requestCarriesTheHealthHeaders() async throws {
        let answer = "HTTP/1.1 200 OK\r\nContent-Length: \(Self.healthyJSON.utf8.count)\r\n\r\n\(Self.healthyJSON)"
        try await withCannedServer(.answer(answer)) { server in
            let target = try HealthTarget(url: "http://127.0.0.1:\(server.port)/mock")
            _ = try await HealthProbe(target: target, timeout: Self.generous).check()
            let request = try #require(server.requests.first)
            let lines = request.split(separator: "\r\n").map(String.init)
            #expect(lines.first == "GET /mock/__admin/health HTTP/1.1")
            #expect(lines.contains("Host: 127.0.0.1:\(server.port)"))
            #expect(lines.contains("User-Agent: beagle-mock-health/\(beagleMockVersion)"))
            #expect(lines.contains("Accept: application/json"))
            #expect(lines.contains("Connection: close"))
        }
    }

    /// A non-200 answer names its status and quotes the start of its body.
    @Test func serviceUnavailableQuotesItsBody() async throws {
        let answer = "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 20\r\n\r\ndown for maintenance"
        try await expectFailure(answer, says: #"answered HTTP 503: "down for maintenance""#)
    }

    /// A non-200 answer without a body names its status alone.
    @Test func serviceUnavailableWithoutBody() async throws {
        try await expectFailure("HTTP/1.0 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n", says: "answered HTTP 503")
    }

    /// A 200 from some other server says it is not the health JSON.
    @Test func okWithoutHealthJSON() async throws {
        try await expectFailure(
            "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html>nginx</html>",
            says: #"answered 200 without beagle-mock's health JSON: "<html>nginx</html>""#)
    }

    /// The health JSON with a status other than ok fails, naming the status.
    @Test func statusOtherThanOk() async throws {
        try await expectFailure(
            "HTTP/1.1 200 OK\r\nContent-Length: 21\r\n\r\n{\"status\":\"starting\"}", says: #"status is "starting", not "ok""#)
    }

    /// Bytes that are not HTTP are called so, quoting their first line.
    @Test func garbageIsNotHTTP() async throws {
        try await expectFailure("SSH-2.0-OpenSSH_9.2\r\n", says: #"the answer is not HTTP: "SSH-2.0-OpenSSH_9.2""#)
    }

    /// A broken chunk size after a valid head is blamed on the body.
    @Test func badChunkSizeIsNotHTTP() async throws {
        let failure = try await failure(for: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
        #expect(failure.description.hasPrefix("the answer's body is not valid HTTP"), "\(failure)")
    }

    /// A close before any byte is told apart from a close mid-answer.
    @Test func closeWithoutBytes() async throws {
        try await expectFailure("", says: "the connection closed without an answer")
    }

    /// A close before the head is complete is a close mid-answer.
    @Test func closeInTheMiddleOfTheHead() async throws {
        try await expectFailure("HTTP/1.1 200 OK\r\nContent-Le", says: "the connection closed in the middle of the answer")
    }

    /// A close before Content-Length bytes arrived is a close mid-answer.
    @Test func closeInTheMiddleOfTheBody() async throws {
        try await expectFailure(
            "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"status\":",
            says: "the connection closed in the middle of the answer")
    }

    /// A close before the last chunk is a close mid-answer.
    @Test func closeInTheMiddleOfAChunkedBody() async throws {
        try await expectFailure(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{\"status\"",
            says: "the connection closed in the middle of the answer")
    }

    /// A body over the limit is refused.
    @Test func answerOverOneMiBIsRefused() async throws {
        let size = HealthProbe.maximumAnswerSize + 1
        let answer = "HTTP/1.1 200 OK\r\nContent-Length: \(size)\r\n\r\n" + String(repeating: "x", count: size)
        try await expectFailure(answer, says: "answer larger than 1048576 bytes")
    }

    /// A body of exactly the limit is still read.
    @Test func answerOfExactlyOneMiBIsRead() async throws {
        // Right at the limit the body is read whole, so the failure is about its content, not its size.
        let size = HealthProbe.maximumAnswerSize
        let answer = "HTTP/1.1 200 OK\r\nContent-Length: \(size)\r\n\r\n" + String(repeating: "x", count: size)
        let failure = try await failure(for: answer)
        #expect(failure.description.hasPrefix("answered 200 without beagle-mock's health JSON"), "\(failure)")
    }

    /// A server that accepts and never answers is given up on at the timeout, not later.
    @Test func silentServerTimesOut() async throws {
        try await withCannedServer(.silent) { server in
            let clock = ContinuousClock()
            let start = clock.now
            let outcome = await Self.outcome(of: server.probe(timeout: .milliseconds(300)))
            let elapsed = clock.now - start
            #expect(outcome.failure?.description == "no answer within 300ms")
            #expect(elapsed >= .milliseconds(300))
            // Far below forever, far above 300 ms: the suite's tasks share two cores, and with
            // one of them busy the timer's wake-up has come 4.8 s late.
            #expect(elapsed < .seconds(20))
        }
    }

    /// A closed port fails at once with the system's words. The port is held by a socket that is
    /// bound but not listening, so no server of a test running beside this one can take it.
    @Test func nothingListeningIsRefused() async throws {
        let closed = try BoundSocket(listening: false)
        defer { closed.close() }
        let target = HealthTarget(listeningHost: "127.0.0.1", port: closed.port)
        let outcome = await Self.outcome(of: HealthProbe(target: target, timeout: Self.generous))
        #expect(outcome.failure?.description == "cannot connect: Connection refused")
    }

    /// A real mock passes, with its version and route count.
    @Test func realMockServerIsHealthy() async throws {
        try await withMockServer(files: ["screens/home.json": "{}"]) { server, _ in
            let target = try HealthTarget(url: server.baseURL)
            let report = try await HealthProbe(target: target, timeout: Self.generous).check()
            #expect(report.status == "ok")
            #expect(report.version == beagleMockVersion)
            #expect(report.routes == 1)
            #expect(report.uptimeSeconds != nil)
        }
    }

    /// A wrong prefix reaches the mock's 404, which fails the check.
    @Test func realMockServerBehindAWrongPrefixAnswers404() async throws {
        try await withMockServer(files: ["screens/home.json": "{}"]) { server, _ in
            let target = try HealthTarget(url: server.baseURL + "/elsewhere")
            let outcome = await Self.outcome(of: HealthProbe(target: target, timeout: Self.generous))
            let failure = try #require(outcome.failure)
            #expect(failure.description.hasPrefix("answered HTTP 404"), "\(failure)")
        }
    }

    /// URLs the health command cannot use fail with the message the command prints.
    @Test(arguments: [
        (
            "https://127.0.0.1:8080",
            "--url 'https://127.0.0.1:8080': https is not supported; the health check speaks plain http://"
        ),
        ("mock:8080", "--url 'mock:8080' is not an http:// URL; write it like http://127.0.0.1:8080 or http://mock:8080"),
        ("http://", "--url 'http://' has no host; write it like http://127.0.0.1:8080 or http://mock:8080"),
    ])
    func targetRefusesURLs(url: String, message: String) {
        #expect(throws: HealthTargetError(message)) { try HealthTarget(url: url) }
    }

    /// A URL's prefix, query and IPv6 host survive into the request target and the message.
    @Test func targetKeepsPrefixQueryAndIPv6() throws {
        let target = try HealthTarget(url: "http://[::1]:9000/mock/?x=1")
        #expect(target.host == "::1")
        #expect(target.port == 9000)
        #expect(target.path == "/mock/__admin/health?x=1")
        #expect(target.display == "http://[::1]:9000/mock/__admin/health?x=1")
        #expect(HealthTarget(listeningHost: "0.0.0.0", port: 80).display == "http://127.0.0.1/__admin/health")
    }

    // MARK: - Helpers

    /// Probes a canned server answering `answer` and expects the check to fail saying exactly `says`.
    private func expectFailure(_ answer: String, says: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let failure = try await failure(for: answer)
        #expect(failure.description == says, sourceLocation: sourceLocation)
    }

    /// Probes a canned server answering `answer`; the failure, or an error when the check passed.
    private func failure(for answer: String) async throws -> HealthCheckFailure {
        try await withCannedServer(.answer(answer)) { server in
            let outcome = await Self.outcome(of: server.probe())
            return try #require(outcome.failure, "the check passed: \(String(describing: outcome.report))")
        }
    }

    /// Runs a check and keeps what it gave, so that a test can look at a failure's exact text.
    private static func outcome(of probe: HealthProbe) async -> (report: HealthReport?, failure: HealthCheckFailure?) {
        do {
            return (try await probe.check(), nil)
        } catch {
            return (nil, error)
        }
    }
}

extension CannedHTTPServer {
    /// A probe of this server's health endpoint.
    func probe(timeout: Duration = HealthProbeTests.generous) -> HealthProbe {
        HealthProbe(target: HealthTarget(listeningHost: "127.0.0.1", port: port), timeout: timeout)
    }
}
