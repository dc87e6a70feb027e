import BeagleMock
import Foundation
import MockTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `beagle-mock health` as a container health check runs it: exit codes, one-line reasons, timeouts.
///
/// Checks that should pass get a generous `--timeout`: the whole suite runs in parallel on small
/// machines, where the default 2 s can pass before a busy server answers.
@Suite struct HealthCommandTests {
    static let generous = "30s"

    @Test func healthyServerExits0() async throws {
        try await withMockServer(files: ["screens/home.json": "{}"]) { server, _ in
            let result = try await CommandRunner.run(["health", "--url", server.baseURL, "--timeout", Self.generous])
            #expect(result.status == 0, "stderr: \(result.error)")
            #expect(result.output.contains("healthy"))
            #expect(result.output.contains(beagleMockVersion))
            #expect(result.output.contains("1 route"))
        }
    }

    @Test func portComesFromTheEnvironment() async throws {
        try await withMockServer(files: ["screens/home.json": "{}"]) { server, _ in
            let result = try await CommandRunner.run(
                ["health", "--timeout", Self.generous],
                environment: ["BEAGLE_MOCK_PORT": String(server.port), "BEAGLE_MOCK_HOST": "0.0.0.0"])
            #expect(result.status == 0, "stderr: \(result.error)")
            #expect(result.output.contains("http://127.0.0.1:\(server.port)/__admin/health"))
        }
    }

    @Test func nothingListeningExits1QuicklyWithOneLine() async throws {
        try await LiveSlots.withSlot {
            let port = try await withMockServer(files: ["screens/home.json": "{}"]) { server, _ in server.port }
            let clock = ContinuousClock()
            let start = clock.now
            let result = try await CommandRunner.run(["health", "--url", "http://127.0.0.1:\(port)", "--timeout", Self.generous])
            // A refused connection fails at once, not at the timeout.
            #expect(clock.now - start < .seconds(15))
            #expect(result.status == 1)
            #expect(result.output.isEmpty)
            let lines = result.error.trimmingCharacters(in: .newlines).split(separator: "\n")
            #expect(lines.count == 1)
            #expect(result.error.contains("unhealthy: http://127.0.0.1:\(port)/__admin/health"))
            #expect(result.error.contains("Connection refused"))
        }
    }

    @Test func silentServerTimesOut() async throws {
        try await LiveSlots.withSlot {
            let listener = try CannedServer()
            defer { listener.stop() }
            let clock = ContinuousClock()
            let start = clock.now
            // Long enough for the connection to be made on a loaded machine: the silence is the answer's.
            let result = try await CommandRunner.run(
                ["health", "--url", "http://127.0.0.1:\(listener.port)", "--timeout", "2s"])
            let elapsed = clock.now - start
            #expect(result.status == 1)
            #expect(result.error.contains("no answer within 2s"), "\(result.error)")
            #expect(elapsed >= .seconds(2))
            #expect(elapsed < .seconds(20))
        }
    }

    @Test func anAnswerOtherThanHealthExits1() async throws {
        // A prefix puts the request on /elsewhere/__admin/health, which the mock answers 404.
        try await withMockServer(files: ["screens/home.json": "{}"]) { server, _ in
            let result = try await CommandRunner.run([
                "health", "--url", server.baseURL + "/elsewhere", "--timeout", Self.generous,
            ])
            #expect(result.status == 1)
            #expect(result.error.contains("/elsewhere/__admin/health"))
            #expect(result.error.contains("answered HTTP 404"))
            #expect(result.error.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
        }
    }

    /// Answers from servers that are not a healthy beagle-mock, and the reason each one prints.
    static let cannedAnswers: [(answer: String, status: Int32, says: String)] = [
        (
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7\r\n{\"statu\r\n8;x=y\r\ns\":\"ok\"}\r\n0\r\n\r\n",
            0, "healthy"
        ),
        ("HTTP/1.1 200 OK\r\nContent-Length: 21\r\n\r\n{\"status\":\"starting\"}", 1, #"status is "starting""#),
        ("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html>nginx</html>", 1, "without beagle-mock's health JSON"),
        ("HTTP/1.0 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n", 1, "answered HTTP 503"),
        ("SSH-2.0-OpenSSH_9.2\r\n", 1, "not HTTP"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"status\":", 1, "closed in the middle of the answer"),
        ("", 1, "closed without an answer"),
    ]

    @Test(arguments: 0..<cannedAnswers.count)
    func answersFromOtherServers(index: Int) async throws {
        let canned = Self.cannedAnswers[index]
        let server = try CannedServer(answer: canned.answer)
        defer { server.stop() }
        let result = try await CommandRunner.run([
            "health", "--url", "http://127.0.0.1:\(server.port)", "--timeout", Self.generous,
        ])
        #expect(result.status == canned.status, "stdout: \(result.output) stderr: \(result.error)")
        #expect((result.output + result.error).contains(canned.says), "stdout: \(result.output) stderr: \(result.error)")
        #expect((result.output + result.error).trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        ["health", "--url", "https://127.0.0.1:8080"], ["health", "--url", "mock:8080"], ["health", "--url", "http://"],
        ["health", "--timeout", "0"], ["health", "--timeout", "2"], ["health", "--timeout", "soon"],
    ])
    func invalidFlagsExit2WithUsage(arguments: [String]) async throws {
        let result = try await CommandRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.error.contains("Usage:"))
    }

    @Test func portZeroInTheEnvironmentExits2() async throws {
        let result = try await CommandRunner.run(["health"], environment: ["BEAGLE_MOCK_PORT": "0"])
        #expect(result.status == 2)
        #expect(result.error.contains("BEAGLE_MOCK_PORT=0"))
    }
}

/// A one-connection TCP server on 127.0.0.1 with a canned answer, for servers that are not
/// beagle-mock (a proxy, another app on the port, a broken one). Without an answer it listens but
/// never accepts: connections complete in the kernel's backlog, then hear nothing.
private final class CannedServer: Sendable {
    let socket: BoundSocket
    var port: Int { socket.port }

    init(answer: String? = nil) throws {
        socket = try BoundSocket(listening: true)
        let descriptor = socket.descriptor
        if let answer {
            Thread.detachNewThread { Self.answerOnce(descriptor, with: Array(answer.utf8)) }
        }
    }

    /// Accepts one connection, reads the request head, sends `answer` and closes.
    private static func answerOnce(_ listener: Int32, with answer: [UInt8]) {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        defer { _ = close(connection) }
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            request.append(contentsOf: buffer[..<count])
        }
        var offset = 0
        while offset < answer.count {
            let sent = answer[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// Stops listening (waking an `accept` still waiting).
    func stop() {
        socket.close()
    }
}
