import Foundation
import Logging
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// How an exchange ended is told truthfully, in the journal and the access log: a client that
/// left, a request cut by the server's shutdown, and a server-side failure are three outcomes.
@Suite struct OutcomeTests {
    static let files = ["screens/home.json": #"{"_beagleComponent_":"beagle:text","text":"Home"}"#]

    /// A client that leaves during a long latency ends the wait at once (its socket is not held
    /// for the hour asked), logged and journalled as client-gone.
    @Test(arguments: [("/home", "1h"), ("/home", "1h..2h"), ("/__echo", "24h")])
    func aClientLeavingDuringTheLatencyIsClientGone(path: String, latency: String) async throws {
        let log = LogCapture()
        try await withMockServer(files: Self.files, configure: { $0.logger = log.logger }) { server, _ in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("GET \(path) HTTP/1.1\r\nHost: x\r\nX-Mock-Latency: \(latency)\r\n\r\n")
            let (bytes, ending) = await connection.readToEnd(timeout: .milliseconds(300))
            #expect(bytes.isEmpty && ending == .open)
            let clock = ContinuousClock()
            let left = clock.now
            await connection.close()
            #expect(await log.waitForRequests(path: path, count: 1))
            #expect(clock.now - left < .seconds(10))
            let line = try #require(log.requests(path: path).first)
            #expect(line.message.contains("outcome=client-gone"), "\(line.message)")
            let entry = try #require(server.server.journal.read(limit: 1).entries.first)
            #expect(entry.outcome == .clientGone)
            #expect(entry.status == nil)
        }
    }

    /// A request still waiting when the shutdown grace period runs out is cut, as shutdown: not
    /// blamed on the client.
    @Test func aRequestCutByShutdownSaysSo() async throws {
        let log = LogCapture()
        let configure = { (configuration: inout MockServerConfiguration) in
            configuration.shutdownGracePeriod = .milliseconds(200)
        }
        let (connection, server) = try await Self.stopping(log: log, configure) { server in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("GET /home HTTP/1.1\r\nHost: x\r\nX-Mock-Latency: 1h\r\n\r\n")
            let (bytes, _) = await connection.readToEnd(timeout: .milliseconds(300))
            #expect(bytes.isEmpty)
            try await server.stop()
            return connection
        }
        await connection.close()
        let line = try #require(log.requests(path: "/home").first)
        #expect(line.message.contains("outcome=shutdown"), "\(line.message)")
        #expect(server.server.journal.read(limit: 1).entries.first?.outcome == .shutdown)
    }

    /// A hang is cut as soon as a stop begins, not when the grace period runs out: the connection
    /// closes in order (FIN), the outcome is shutdown, and the stop does not wait for the period.
    @Test func aHangIsCutWhenTheStopBegins() async throws {
        let log = LogCapture()
        let clock = ContinuousClock()
        let configure = { (configuration: inout MockServerConfiguration) in
            configuration.flags = CommandLineSettings(hangMax: .seconds(600))
            configuration.shutdownGracePeriod = .seconds(60)
        }
        let ((connection, stopped), server) = try await Self.stopping(log: log, configure) { server in
            let entries = server.server.journal.feed.follow()
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("GET /home HTTP/1.1\r\nHost: x\r\nX-Mock-Fault: hang\r\n\r\n")
            // Hanging once the journal has it, in flight.
            for await entry in entries where entry.path == "/home" {
                #expect(entry.fault == "hang" && entry.outcome == nil)
                break
            }
            let stopping = clock.now
            try await server.stop()
            return (connection, clock.now - stopping)
        }
        let (bytes, ending) = await connection.readToEnd(timeout: .seconds(5))
        await connection.close()
        #expect(bytes.isEmpty)
        #expect(ending == .closed)
        #expect(stopped < .seconds(30), "the stop waited \(stopped) for the hang")
        let line = try #require(log.requests(path: "/home").first)
        #expect(line.message.contains("outcome=shutdown"), "\(line.message)")
        #expect(server.server.journal.read(limit: 1).entries.first?.outcome == .shutdown)
    }

    /// A streamed file that shrinks while it is sent is the server's failure: the outcome says so,
    /// and an error names the file.
    @Test func aFileThatShrinksWhileStreamedIsAServerError() async throws {
        let log = LogCapture()
        // Above the in-memory limit (1 MiB), so it is streamed from disk.
        let size = 2 << 20
        var files = Self.files
        files["screens/big.bin"] = String(repeating: "x", count: size)
        try await withMockServer(files: files, configure: { $0.logger = log.logger }) { server, folder in
            let path = folder.screens + "/big.bin"
            let connection = try await RawConnection.connect(port: server.port)
            // Paced, so the file can shrink while the body is on its way.
            try await connection.send("GET /big.bin HTTP/1.1\r\nHost: x\r\nX-Mock-Bandwidth: 512KiB/s\r\n\r\n")
            let head = try #require(await connection.readResponse(timeout: .seconds(30), isHead: true))
            #expect(head.status == 200)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: 0)
            try handle.close()
            let (_, ending) = await connection.readToEnd(timeout: .seconds(30))
            #expect(ending != .open)
            #expect(await log.waitForRequests(path: "/big.bin", count: 1))
            let line = try #require(log.requests(path: "/big.bin").first)
            #expect(line.message.contains("outcome=server-error"), "\(line.message)")
            let error = try #require(log.entries.first { $0.level == .error })
            #expect(error.message.contains(path) || error.metadata["file"]?.hasSuffix("big.bin") == true, "\(error.message)")
            let entry = try #require(server.server.journal.read(limit: 1).entries.first)
            #expect(entry.outcome == .serverError)
            #expect(entry.status == 200)
        }
    }

    /// Starts a server on `files` that logs to `log`, with `configure` applied, and runs `steps`,
    /// which stop it; when a step throws, the server is stopped before the error goes on.
    private static func stopping<Result>(
        log: LogCapture, _ configure: (inout MockServerConfiguration) -> Void,
        _ steps: (RunningMockServer) async throws -> Result
    ) async throws -> (Result, RunningMockServer) {
        try await LiveSlots.withSlot {
            let folder = try TemporaryScreens(files)
            defer { folder.remove() }
            var configuration = MockServerConfiguration(screensDirectory: folder.screens, port: 0)
            configuration.logger = log.logger
            configure(&configuration)
            let server = try await MockServer.start(configuration)
            do {
                return (try await steps(server), server)
            } catch {
                try? await server.stop()
                throw error
            }
        }
    }
}
