import ArgumentParser
import BeagleMock
import Foundation
import NIOCore
import NIOPosix

/// `beagle-mock health`: asks a running server for `GET /__admin/health`, so that a container
/// can check itself without curl (the slim runtime image has none).
///
/// It speaks a minimal HTTP/1.1 over NIO rather than URLSession: a health check must not depend on
/// libcurl, and URLSession on Linux does not always honour its timeout.
struct HealthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Check that a running beagle-mock answers its health endpoint.",
        discussion: """
            Sends GET /__admin/health and exits 0 when the server answers 200 with \
            {"status":"ok"}, 1 otherwise, with a one-line reason on standard error. Made for \
            container health checks: it needs no curl, and gives up after --timeout, from name \
            resolution to the last byte.

            Without --url it asks http://127.0.0.1:PORT, PORT from BEAGLE_MOCK_PORT (default \
            8080); when BEAGLE_MOCK_HOST names one address (not 0.0.0.0 or ::), it asks that \
            address. A --url with a path is a prefix (a mock behind a proxy at /mock is checked at \
            /mock/__admin/health).

            Examples:
              beagle-mock health
              beagle-mock health --url http://mock:8080 --timeout 5s
              HEALTHCHECK CMD ["beagle-mock", "health"]
            """
    )

    @Option(
        help: ArgumentHelp(
            "The server's base URL (default: http://127.0.0.1 on BEAGLE_MOCK_PORT, or 8080).", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("How long the whole check may take, like 2s or 500ms.", valueName: "duration"))
    var timeout: String = "2s"

    mutating func validate() throws {
        _ = try target()
        _ = try deadline()
    }

    func run() async throws {
        let target = try target()
        let limit = try deadline()
        do {
            let health = try await HealthProbe(target: target, timeout: limit).check()
            Console.out("healthy: \(target.display): beagle-mock \(health.summary)")
        } catch {
            let reason = String(describing: error).replacingOccurrences(of: "\n", with: " ")
            Console.error("beagle-mock: unhealthy: \(target.display): \(reason)")
            throw ExitCode.failure
        }
    }

    /// The `--timeout` value, refused when it is not a positive duration.
    private func deadline() throws -> Duration {
        let duration: Duration
        do {
            duration = try Duration(spec: timeout)
        } catch {
            throw ValidationError("--timeout: \(error.message)")
        }
        guard duration > .zero else {
            throw ValidationError("--timeout must be more than 0, like 2s")
        }
        return duration
    }

    /// Where to send the request: `--url`, or the server this environment would start.
    private func target() throws -> HealthTarget {
        if let url { return try HealthTarget(url: url) }
        let environment = ProcessInfo.processInfo.environment
        var port = 8080
        if let text = environment["BEAGLE_MOCK_PORT"] {
            guard let value = Int(text), (0...65535).contains(value) else {
                throw ValidationError("BEAGLE_MOCK_PORT='\(text)' is not a port number (1-65535)")
            }
            guard value != 0 else {
                throw ValidationError(
                    "BEAGLE_MOCK_PORT=0 lets the server pick a free port; pass --url with the port its banner printed")
            }
            port = value
        }
        return HealthTarget(listeningHost: environment["BEAGLE_MOCK_HOST"], port: port)
    }
}

/// The address and request path of a health check.
struct HealthTarget: Sendable {
    /// The host name or address to connect to, without brackets.
    let host: String
    /// The TCP port.
    let port: Int
    /// The request target, `/__admin/health` or a prefix of it.
    let path: String

    /// The health URL, for messages.
    var display: String { "http://\(hostHeader)\(path)" }

    /// The `Host` header: brackets around an IPv6 address, the port unless it is 80.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 80 ? name : "\(name):\(port)"
    }

    /// The server that `serve` would start with this `BEAGLE_MOCK_HOST`: a wildcard address is
    /// reached through loopback.
    init(listeningHost: String?, port: Int) {
        let trimmed = listeningHost?.trimmingCharacters(in: .whitespaces) ?? ""
        switch trimmed {
        case "", "0.0.0.0": host = "127.0.0.1"
        case "::", "[::]": host = "::1"
        default: host = trimmed.hasPrefix("[") && trimmed.hasSuffix("]") ? String(trimmed.dropFirst().dropLast()) : trimmed
        }
        self.port = port
        path = "/__admin/health"
    }

    /// Parses `--url`: `http://host[:port][/prefix]`, or the health URL itself.
    init(url text: String) throws {
        let example = "write it like http://127.0.0.1:8080 or http://mock:8080"
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw ValidationError("--url '\(text)' is not a URL; \(example)")
        }
        guard scheme == "http" else {
            if scheme == "https" {
                throw ValidationError("--url '\(text)': https is not supported; the health check speaks plain http://")
            }
            throw ValidationError("--url '\(text)' is not an http:// URL; \(example)")
        }
        var host = components.host ?? ""
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else {
            throw ValidationError("--url '\(text)' has no host; \(example)")
        }
        let port = components.port ?? 80
        guard (1...65535).contains(port) else {
            throw ValidationError("--url '\(text)': port \(port) is not a port number (1-65535)")
        }
        var path = components.percentEncodedPath
        if !path.hasSuffix("/__admin/health") {
            while path.hasSuffix("/") { path.removeLast() }
            path += "/__admin/health"
        }
        if let query = components.percentEncodedQuery { path += "?" + query }
        self.host = host
        self.port = port
        self.path = path
    }
}

/// What `/__admin/health` says about a healthy server.
struct HealthReport: Decodable, Sendable {
    /// `ok` when healthy.
    let status: String
    /// The server's version.
    let version: String?
    /// How many screens it serves.
    let routes: Int?
    /// Seconds since it started.
    let uptimeSeconds: Int?

    /// `0.1.0, 12 routes, up 35s`, with what the server reported.
    var summary: String {
        var parts = [version ?? "(no version)"]
        if let routes { parts.append(routes == 1 ? "1 route" : "\(routes) routes") }
        if let uptimeSeconds { parts.append("up \(uptimeSeconds)s") }
        return parts.joined(separator: ", ")
    }
}

/// Why a health check failed, in one line.
struct HealthCheckFailure: Error, CustomStringConvertible {
    /// The reason, without the URL (the caller adds it).
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// One `GET` over a fresh connection, bounded by a deadline from name resolution to the last byte.
struct HealthProbe: Sendable {
    /// Answers larger than this are not a health answer.
    static let maximumAnswerSize = 1 << 20

    let target: HealthTarget
    let timeout: Duration

    /// Sends the request and checks the answer; throws a ``HealthCheckFailure`` saying what went wrong.
    func check() async throws(HealthCheckFailure) -> HealthReport {
        let answer = try await fetch()
        guard answer.status == 200 else {
            throw HealthCheckFailure("answered HTTP \(answer.status)\(Self.excerpt(answer.body, prefix: ": "))")
        }
        guard let report = try? JSONDecoder().decode(HealthReport.self, from: Data(answer.body)) else {
            throw HealthCheckFailure("answered 200 without beagle-mock's health JSON\(Self.excerpt(answer.body, prefix: ": "))")
        }
        guard report.status == "ok" else {
            throw HealthCheckFailure("status is \(report.status.debugDescription), not \"ok\"")
        }
        return report
    }

    private func fetch() async throws(HealthCheckFailure) -> HTTPAnswer {
        let amount = TimeAmount.nanoseconds(timeout.nanosecondCount)
        let deadline = NIODeadline.now() + amount
        let timedOut = HealthCheckFailure("no answer within \(timeout.specDescription)")
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            // The connect timeout covers name resolution too (happy eyeballs).
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(amount)
                .connect(host: target.host, port: target.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw Self.explainConnectFailure(error, target: target, timeout: timeout)
        }
        // Closing the channel at the deadline ends the reads and writes below, whatever they wait for.
        let underlying = channel.channel
        let closer = underlying.eventLoop.scheduleTask(deadline: deadline) { underlying.close(promise: nil) }
        defer { closer.cancel() }
        let request =
            "GET \(target.path) HTTP/1.1\r\nHost: \(target.hostHeader)\r\n"
            + "User-Agent: beagle-mock-health/\(beagleMockVersion)\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
        var received: [UInt8] = []
        let outcome: HTTPAnswerParser.Outcome
        do {
            outcome = try await channel.executeThenClose { inbound, outbound in
                try await outbound.write(ByteBuffer(string: request))
                for try await chunk in inbound {
                    received.append(contentsOf: chunk.readableBytesView)
                    if received.count > Self.maximumAnswerSize {
                        return .malformed("answer larger than \(Self.maximumAnswerSize) bytes")
                    }
                    let outcome = HTTPAnswerParser.parse(received, ended: false)
                    if case .incomplete = outcome { continue }
                    return outcome
                }
                return HTTPAnswerParser.parse(received, ended: true)
            }
        } catch {
            if NIODeadline.now() >= deadline { throw timedOut }
            throw HealthCheckFailure("connection failed: \(error)")
        }
        switch outcome {
        case .complete(let answer):
            return answer
        case .malformed(let reason):
            throw HealthCheckFailure(reason)
        case .incomplete:
            if NIODeadline.now() >= deadline { throw timedOut }
            if received.isEmpty { throw HealthCheckFailure("the connection closed without an answer") }
            throw HealthCheckFailure("the connection closed in the middle of the answer")
        }
    }

    /// Turns NIO's connect errors into what a user checks next: the name, the port, the network.
    private static func explainConnectFailure(
        _ error: any Error, target: HealthTarget, timeout: Duration
    ) -> HealthCheckFailure {
        if let error = error as? ChannelError, case .connectTimeout = error {
            return HealthCheckFailure("no connection within \(timeout.specDescription)")
        }
        if let error = error as? NIOConnectionError {
            if let failure = error.connectionErrors.first {
                return HealthCheckFailure("cannot connect: \(describe(failure.error))")
            }
            if error.dnsAError != nil || error.dnsAAAAError != nil {
                return HealthCheckFailure("cannot resolve host '\(target.host)'")
            }
            return HealthCheckFailure("host '\(target.host)' has no address")
        }
        return HealthCheckFailure("cannot connect: \(describe(error))")
    }

    /// `Connection refused` rather than NIO's `connect(descriptor:addr:size:): Connection refused (errno: 111)`.
    private static func describe(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        return "\(error)"
    }

    /// The start of a body, quoted on one line, for a message.
    private static func excerpt(_ body: [UInt8], prefix: String) -> String {
        guard !body.isEmpty else { return "" }
        let text = String(decoding: body.prefix(120), as: UTF8.self)
        return prefix + text.debugDescription + (body.count > 120 ? "…" : "")
    }
}

/// A parsed HTTP response: the status and the decoded body.
struct HTTPAnswer: Sendable {
    let status: Int
    let body: [UInt8]
}

/// Reads one HTTP/1.x response from the bytes received so far: status line, headers, and a body
/// framed by Content-Length, chunked encoding or the end of the connection.
enum HTTPAnswerParser {
    /// What the bytes so far amount to.
    enum Outcome: Sendable {
        case incomplete
        case complete(HTTPAnswer)
        case malformed(String)
    }

    /// Parses `bytes`; `ended` says the connection has closed, which ends an unframed body.
    static func parse(_ bytes: [UInt8], ended: Bool) -> Outcome {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let headEnd = bytes.firstRange(of: separator) else {
            if bytes.count > 64 * 1024 { return .malformed("response head larger than 64 KiB") }
            if ended, !bytes.isEmpty, !bytes.starts(with: Array("HTTP/".utf8)) {
                return .malformed("the answer is not HTTP")
            }
            return .incomplete
        }
        let head = String(decoding: bytes[..<headEnd.lowerBound], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.removeFirst()
        let statusParts = statusLine.split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]),
            (100...599).contains(status)
        else {
            return .malformed("the answer is not HTTP: \(String(statusLine.prefix(80)).debugDescription)")
        }
        var contentLength: Int?
        var chunked = false
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard let length = Int(value), length >= 0 else { return .malformed("bad Content-Length '\(value)'") }
                contentLength = length
            } else if name == "transfer-encoding" {
                chunked = value.lowercased().split(separator: ",").last?.trimmingCharacters(in: .whitespaces) == "chunked"
            }
        }
        let body = bytes[headEnd.upperBound...]
        if status < 200 || status == 204 || status == 304 {
            // No body by definition; a 1xx is unexpected here (the request sends no Expect) and fails the check.
            return .complete(HTTPAnswer(status: status, body: []))
        }
        if chunked { return dechunk(body, status: status) }
        if let contentLength {
            if body.count >= contentLength {
                return .complete(HTTPAnswer(status: status, body: Array(body.prefix(contentLength))))
            }
            return .incomplete
        }
        return ended ? .complete(HTTPAnswer(status: status, body: Array(body))) : .incomplete
    }

    /// Decodes a chunked body: `size-in-hex[;ext]\r\n data \r\n` … `0\r\n\r\n`.
    private static func dechunk(_ bytes: ArraySlice<UInt8>, status: Int) -> Outcome {
        var body: [UInt8] = []
        var index = bytes.startIndex
        let crlf: [UInt8] = [13, 10]
        while true {
            guard let lineEnd = bytes[index...].firstRange(of: crlf) else { return .incomplete }
            let sizeText =
                String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self)
                .split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else {
                return .malformed("bad chunk size \(sizeText.debugDescription)")
            }
            let dataStart = lineEnd.upperBound
            if size == 0 { return .complete(HTTPAnswer(status: status, body: body)) }
            guard bytes.endIndex - dataStart >= size + 2 else { return .incomplete }
            body.append(contentsOf: bytes[dataStart..<(dataStart + size)])
            guard bytes[(dataStart + size)..<(dataStart + size + 2)].elementsEqual(crlf) else {
                return .malformed("chunk of \(size) bytes not followed by CRLF")
            }
            index = dataStart + size + 2
        }
    }
}
