import BeagleMockHTTP
import HTTPTypes
import HummingbirdCore
import NIOCore

/// The deliver stage: acts out a ``RequestPlan`` on the wire (Docs/LatencyAndFaults.md, "Faults"):
/// the shaped response with correct framing and pacing, or bytes and connection endings that no
/// HTTP response can express. Like ``FaultShaper``, it switches over every ``Fault``.
struct ResponseSender: Sendable {
    /// The garbage sent where a status line belongs (WireMock's, so clients react alike).
    static let garbage = Array("lskdu018973t09sylgasjkfg1][]'./.sdlv\r\n".utf8)

    /// How long a hang lasts at most.
    let hangMax: Duration
    /// Raised when the server begins to stop: a hang ends then.
    let stopping: StopSignal

    /// The answer for `plan`, given the response the route would have had.
    ///
    /// - Parameters:
    ///   - response: the normal response (already carrying `Connection: close` when needed).
    ///   - omittingBody: a HEAD request.
    func deliver(
        _ plan: RequestPlan, response: OutgoingResponse, omittingBody: Bool,
        connection: ClientConnection
    ) async throws -> Delivery {
        let wire = UnframedOutput(connection: connection)
        let status = response.head.status.code
        switch plan.fault {
        case .none, .status, .malformedJSON, .corrupt:
            var kept = JournalBody.Gathering()
            let sent = try await response.write(
                to: ResponseOutput(connection: connection), omittingBody: omittingBody, pacing: plan.pacing, keeping: &kept)
            return Delivery(
                status: status, bytes: sent, outcome: .ok,
                response: JournalResponse(fields: response.head.headerFields, body: kept.body))
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
            var head = response.framedHead
            // A body of unknown length claims the bytes read ahead of it, so that the cut shows.
            if !response.body.hasKnownLength { head.headerFields[.contentLength] = String(response.body.count) }
            try await wire.writeHead(head)
            let half = omittingBody ? .empty : response.body.prefix(max(1, response.body.count / 2))
            var pacer = BodyPacer(plan.pacing)
            var kept = JournalBody.Gathering()
            let sent = try await half.send(pacer: &pacer) { chunk in
                try await wire.write(chunk)
                kept.append(chunk)
            }
            let sentResponse = JournalResponse(fields: head.headerFields, body: kept.body)
            if plan.fault == .truncate {
                await wire.close()
                return Delivery(status: status, bytes: sent, outcome: .closed, response: sentResponse)
            }
            await wire.reset()
            return Delivery(status: status, bytes: sent, outcome: .reset, response: sentResponse)
        case .malformedChunk:
            var head = response.head
            head.headerFields[.contentLength] = nil
            head.headerFields[.transferEncoding] = "chunked"
            try await wire.writeHead(head)
            let first = response.body.prefix(min(512, response.body.count))
            var pacer = BodyPacer(plan.pacing)
            try await wire.write(ByteBuffer(string: String(first.count, radix: 16) + "\r\n"))
            var kept = JournalBody.Gathering()
            let sent = try await first.send(pacer: &pacer) { chunk in
                try await wire.write(chunk)
                kept.append(chunk)
            }
            // No CRLF after the chunk and no hex size after it: framing no decoder accepts.
            try await wire.write(ByteBuffer(bytes: Self.garbage))
            await wire.close()
            return Delivery(
                status: status, bytes: sent, outcome: .closed,
                response: JournalResponse(fields: head.headerFields, body: kept.body))
        case .hang:
            return await hang(connection: connection)
        }
    }

    /// Never answers: waits for `hangMax`, the client leaving (closing or resetting its side), or a
    /// graceful shutdown (outcome `shutdown`), then closes the connection in order (FIN).
    private func hang(connection: ClientConnection) async -> Delivery {
        let ended = await withTaskGroup(of: Outcome.self) { group in
            group.addTask {
                do {
                    try await Task.sleep(for: hangMax)
                    return .hangExpired
                } catch {
                    // The request's task cancelled: the grace period of a stop ran out.
                    return .shutdown
                }
            }
            group.addTask {
                await stopping.wait()
                return .shutdown
            }
            group.addTask {
                // The client closing its side (a FIN) leaves the channel open, as Hummingbird
                // allows half-closure: wait for that, or for the channel to close.
                await DepartureWatch.departure(of: connection) ? .clientGone : .closed
            }
            let first = await group.next() ?? .closed
            group.cancelAll()
            return first
        }
        await connection.close()
        return Delivery(status: nil, bytes: 0, outcome: ended)
    }
}
