import HTTPTypes
import HummingbirdCore
import NIOCore
import ServiceLifecycle

/// Acts out a `FaultDecision` on the wire (SPEC section 3): a normal or altered response with
/// correct framing, or bytes and connection endings that no HTTP response can express.
struct FaultInjector: Sendable {
    /// The garbage sent where a status line belongs (WireMock's, so clients react alike).
    static let garbage = Array("lskdu018973t09sylgasjkfg1][]'./.sdlv\r\n".utf8)

    /// How long a hang lasts at most.
    let hangMax: Duration

    /// The answer for `decision`, given the response the route would have had.
    ///
    /// - Parameters:
    ///   - response: the normal response (already carrying `Connection: close` when needed).
    ///   - omittingBody: a HEAD request.
    func deliver(
        _ decision: FaultDecision, response: OutgoingResponse, omittingBody: Bool,
        writer: consuming ResponseWriter, channel: any Channel
    ) async throws -> Delivery {
        let wire = RawWire(channel: channel)
        let status = response.head.status.code
        switch decision.fault {
        case .none, .status, .malformedJSON, .corrupt:
            let sent = try await response.write(to: writer, omittingBody: omittingBody, pacing: decision.pacing)
            return Delivery(status: status, bytes: sent, outcome: .ok)
        case .emptyResponse:
            await wire.close()
            return Delivery(status: nil, bytes: 0, outcome: .closed)
        case .reset:
            await wire.reset()
            return Delivery(status: nil, bytes: 0, outcome: .reset)
        case .garbage:
            try await wire.write(ByteBuffer(bytes: Self.garbage))
            await wire.close()
            return Delivery(status: nil, bytes: 0, outcome: .closed)
        case .truncate, .resetMidBody:
            try await wire.writeHead(response.framedHead)
            let half = omittingBody ? .empty : response.body.prefix(max(1, response.body.count / 2))
            var pacer = BodyPacer(decision.pacing)
            let sent = try await half.send(pacer: &pacer) { chunk in try await wire.write(chunk) }
            if decision.fault == .truncate {
                await wire.close()
                return Delivery(status: status, bytes: sent, outcome: .closed)
            }
            await wire.reset()
            return Delivery(status: status, bytes: sent, outcome: .reset)
        case .malformedChunk:
            var head = response.head
            head.headerFields[.contentLength] = nil
            head.headerFields[.transferEncoding] = "chunked"
            try await wire.writeHead(head)
            let first = response.body.prefix(min(512, response.body.count))
            var pacer = BodyPacer(decision.pacing)
            try await wire.write(ByteBuffer(string: String(first.count, radix: 16) + "\r\n"))
            let sent = try await first.send(pacer: &pacer) { chunk in try await wire.write(chunk) }
            // No CRLF after the chunk and no hex size after it: framing no decoder accepts.
            try await wire.write(ByteBuffer(bytes: Self.garbage))
            await wire.close()
            return Delivery(status: status, bytes: sent, outcome: .closed)
        case .hang:
            return await hang(channel: channel, wire: wire)
        }
    }

    /// Never answers: waits for `hangMax`, the client leaving (closing or resetting its side), or a
    /// graceful shutdown, then closes the connection in order (FIN).
    private func hang(channel: any Channel, wire: RawWire) async -> Delivery {
        let ended = await withTaskGroup(of: Delivery.Outcome.self) { group in
            group.addTask {
                do {
                    try await cancelWhenGracefulShutdown { try await Task.sleep(for: hangMax) }
                    return .hangExpired
                } catch {
                    return .closed
                }
            }
            group.addTask {
                // The client closing its side (a FIN) leaves the channel open, as Hummingbird
                // allows half-closure: wait for that, or for the channel to close.
                let departure = await channel.clientDeparture() ?? channel.closeFuture
                // An AsyncStream ends its loop when the task is cancelled, unlike departure.get().
                let (closed, continuation) = AsyncStream<Void>.makeStream()
                departure.whenComplete { _ in continuation.finish() }
                channel.closeFuture.whenComplete { _ in continuation.finish() }
                for await _ in closed {}
                return Task.isCancelled ? .closed : .clientGone
            }
            let first = await group.next() ?? .closed
            group.cancelAll()
            return first
        }
        await wire.close()
        return Delivery(status: nil, bytes: 0, outcome: ended)
    }

    /// The response a decision turns `response` into before it is written: an injected status
    /// with its JSON body, or a body altered beyond decoding. Every injected response says so by
    /// its caching headers: no validators, `Cache-Control: no-store` (SPEC section 3).
    static func shape(_ response: OutgoingResponse, for decision: FaultDecision, path: String) -> OutgoingResponse {
        guard decision.fault != .none else { return response }
        var altered = response
        altered.head.headerFields[.eTag] = nil
        altered.head.headerFields[.lastModified] = nil
        altered.head.headerFields[.cacheControl] = "no-store"
        switch decision.fault {
        case .status(let code):
            let status = HTTPResponse.Status.standard(code)
            var headers: HTTPFields = [.cacheControl: "no-store"]
            if code == 503 || code == 429 { headers[.retryAfter] = "1" }
            if let close = response.head.headerFields[.connection] { headers[.connection] = close }
            guard Fault.statusAllowsBody(code) else { return OutgoingResponse(status: status, headers: headers) }
            return ErrorBody(
                error: "injected fault: \(code) \(status.reasonPhrase)", path: path, injected: true
            ).response(status, headers: headers)
        case .malformedJSON:
            let keep = response.body.count * 2 / 3
            altered.body = .concatenation([response.body.prefix(keep), .buffer(ByteBuffer(string: #"",]}{"#))])
            altered.head.headerFields[.contentLength] = nil
            altered.head.headerFields[.contentType] = ContentType.json
            if response.head.status.code >= 300 { altered.head.status = .ok }
        case .corrupt:
            // A NUL first byte: no JSON parser and no image decoder accepts what follows.
            let count = max(response.body.count, 64)
            altered.body = .concatenation([
                .buffer(ByteBuffer(bytes: [0x00, 0xFF])),
                .randomBytes(count: count - 2, seed: decision.seed ^ decision.requestIndex &+ 0x0C0F_FEE0),
            ])
            altered.head.headerFields[.contentLength] = nil
            if response.head.status.code >= 300 { altered.head.status = .ok }
        default:
            break
        }
        return altered
    }
}
