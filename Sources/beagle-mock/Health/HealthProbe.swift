import BeagleMock
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// One `GET` of the health endpoint over a fresh connection, bounded by a deadline from name
/// resolution to the last byte.
///
/// It speaks HTTP/1.1 through NIO's client handlers rather than URLSession: a health check must
/// not depend on libcurl, and URLSession on Linux does not always honour its timeout.
package struct HealthProbe: Sendable {
    /// Answers with a larger body than this are not a health answer.
    package static let maximumAnswerSize = 1 << 20

    /// Where the request goes.
    package let target: HealthTarget
    /// How long the whole check may take.
    package let timeout: Duration

    /// A probe of `target` that gives up after `timeout`.
    package init(target: HealthTarget, timeout: Duration) {
        self.target = target
        self.timeout = timeout
    }

    /// Sends the request and checks the answer; throws a ``HealthCheckFailure`` saying what went wrong.
    package func check() async throws(HealthCheckFailure) -> HealthReport {
        let answer = try await fetch()
        guard answer.status == 200 else {
            throw HealthCheckFailure("answered HTTP \(answer.status)\(Self.excerpt(answer.body, prefix: ": "))")
        }
        guard let report = try? JSONDecoder().decode(HealthReport.self, from: Data(answer.body)) else {
            throw HealthCheckFailure(
                "answered 200 without beagle-mock's health JSON\(Self.excerpt(answer.body, prefix: ": "))")
        }
        guard report.status == "ok" else {
            throw HealthCheckFailure("status is \(report.status.debugDescription), not \"ok\"")
        }
        return report
    }

    /// The request head: `Connection: close`, so that a server ends the connection after its answer.
    private var requestHead: HTTPRequestHead {
        let headers = HTTPHeaders([
            ("Host", target.hostHeader),
            ("User-Agent", "beagle-mock-health/\(beagleMockVersion)"),
            ("Accept", "application/json"),
            ("Connection", "close"),
        ])
        return HTTPRequestHead(version: .http1_1, method: .GET, uri: target.path, headers: headers)
    }

    /// Connects, sends the request and reads one answer, all before the deadline.
    private func fetch() async throws(HealthCheckFailure) -> Answer {
        let amount = TimeAmount.nanoseconds(timeout.nanosecondCount)
        let deadline = NIODeadline.now() + amount
        let capture = ConnectionCapture()
        let channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>
        do {
            // The connect timeout covers name resolution too (happy eyeballs).
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(amount)
                .connect(host: target.host, port: target.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        // Ahead of the decoder, so that a message about an answer that is not HTTP
                        // can quote how it starts.
                        try channel.pipeline.syncOperations.addHandler(FirstBytesTap(capture: capture))
                        try channel.pipeline.syncOperations.addHTTPClientHandlers()
                        return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                            wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw Self.explainConnectFailure(error, target: target, timeout: timeout)
        }
        // Closing the channel at the deadline ends the reads and writes below, whatever they wait
        // for; the capture tells that close from one by the server.
        let underlying = channel.channel
        let closer = underlying.eventLoop.scheduleTask(deadline: deadline) {
            capture.expire()
            underlying.close(promise: nil)
        }
        defer { closer.cancel() }
        let timedOut = HealthCheckFailure("no answer within \(timeout.specDescription)")
        let head = requestHead
        var sawHead = false
        let reading: Reading
        do {
            reading = try await channel.executeThenClose { inbound, outbound in
                // One write, so the request is whole on the wire before a server that answers
                // as soon as it has the head can close the connection under a second write.
                try await outbound.write(contentsOf: [.head(head), .end(nil)])
                var status: Int?
                var body: [UInt8] = []
                for try await part in inbound {
                    switch part {
                    case .head(let head):
                        status = Int(head.status.code)
                        sawHead = true
                    case .body(let buffer):
                        guard body.count + buffer.readableBytes <= Self.maximumAnswerSize else { return .tooLarge }
                        body += buffer.readableBytesView
                    case .end:
                        // The decoder drops 1xx interim answers, so an end always follows a head.
                        guard let status else { continue }
                        return .answered(Answer(status: status, body: body))
                    }
                }
                return .ended
            }
        } catch {
            if capture.expired { throw timedOut }
            throw Self.explainReadFailure(error, sawHead: sawHead, firstBytes: capture.firstBytes)
        }
        switch reading {
        case .answered(let answer):
            return answer
        case .tooLarge:
            throw HealthCheckFailure("answer larger than \(Self.maximumAnswerSize) bytes")
        case .ended:
            if capture.expired { throw timedOut }
            if sawHead || !capture.firstBytes.isEmpty {
                throw HealthCheckFailure("the connection closed in the middle of the answer")
            }
            throw HealthCheckFailure("the connection closed without an answer")
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

    /// Turns the decoder's and the socket's errors into one line about the answer.
    private static func explainReadFailure(_ error: any Error, sawHead: Bool, firstBytes: [UInt8]) -> HealthCheckFailure {
        guard let error = error as? HTTPParserError else {
            return HealthCheckFailure("connection failed: \(describe(error))")
        }
        switch error {
        case .invalidEOFState:
            // The decoder's word for a close before the framing said the answer was complete.
            return HealthCheckFailure("the connection closed in the middle of the answer")
        case .headerOverflow:
            return HealthCheckFailure("the answer's head is larger than the HTTP decoder accepts")
        default:
            if sawHead {
                return HealthCheckFailure("the answer's body is not valid HTTP (\(error))")
            }
            let start = firstBytes.prefix { $0 != 13 && $0 != 10 }
            let quoted = start.isEmpty ? "" : ": " + String(decoding: start, as: UTF8.self).debugDescription
            return HealthCheckFailure("the answer is not HTTP\(quoted)")
        }
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

/// A whole answer: the status and the decoded body.
private struct Answer: Sendable {
    /// The status code.
    let status: Int
    /// The body, without chunk framing.
    let body: [UInt8]
}

/// How reading an answer ended, short of an error.
private enum Reading: Sendable {
    /// The decoder saw the whole answer.
    case answered(Answer)
    /// The body passed ``HealthProbe/maximumAnswerSize``.
    case tooLarge
    /// The connection ended before the answer did, without an error from the decoder.
    case ended
}

/// What the event loop learns about a connection that the probe's messages need: whether the
/// deadline closed it, and how the answer started.
private final class ConnectionCapture: Sendable {
    /// How many bytes of the answer are kept for a message.
    static let keptBytes = 80

    private struct State {
        var expired = false
        var firstBytes: [UInt8] = []
    }
    private let state = Mutex(State())

    /// True once the deadline has closed the connection.
    var expired: Bool { state.withLock { $0.expired } }

    /// The first bytes the server sent, up to ``keptBytes``.
    var firstBytes: [UInt8] { state.withLock { $0.firstBytes } }

    /// Marks the connection as closed by the deadline.
    func expire() {
        state.withLock { $0.expired = true }
    }

    /// Keeps the start of `buffer` while fewer than ``keptBytes`` have been kept.
    func keep(_ buffer: ByteBuffer) {
        state.withLock { state in
            let room = Self.keptBytes - state.firstBytes.count
            guard room > 0 else { return }
            state.firstBytes += buffer.readableBytesView.prefix(room)
        }
    }
}

/// Copies the start of what the server sends into a ``ConnectionCapture`` and passes every byte on.
private final class FirstBytesTap: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let capture: ConnectionCapture

    /// A tap writing into `capture`.
    init(capture: ConnectionCapture) {
        self.capture = capture
    }

    /// Keeps the start of the data and forwards it unchanged.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        capture.keep(unwrapInboundIn(data))
        context.fireChannelRead(data)
    }
}
