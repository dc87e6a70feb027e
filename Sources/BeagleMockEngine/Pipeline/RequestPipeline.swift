import BeagleMockHTTP
import HTTPTypes
import HummingbirdCore
import NIOCore

/// Every request passes these stages, in this order, each a type of its own (Docs/Architecture.md):
///
/// 1. settings: one ``SettingsSnapshot`` of every layer, taken as the request arrives and read by
///    every stage after, so a reload halfway through cannot mix two configurations;
/// 2. read (``RequestReader``): path, body, per-request control; CORS preflight, the admin API and
///    refusals are answered here, without delay or fault;
/// 3. plan (``TimelineLookup``, ``RequestPlanner``): the stage of a running timeline, the route
///    rule and the seeded draw of latency, pacing and fault;
/// 4. source (``ResponseSource``): what answers: a file, a method file, the echo;
/// 5. shape (``FaultShaper``): the fault applied to that answer;
/// 6. wait (``LatencyWait``): the latency, from the end of the request;
/// 7. deliver (``ResponseSender``): bytes on the wire, paced, cut, reset or held;
/// 8. journal (``RequestJournaler``): the journal entry, the access-log line and the metrics,
///    with one outcome.
///
/// `/__echo` goes through every stage like a screen (latency, faults, route rules), as go-httpbin's
/// routes do: it stands in for a BFF endpoint.
package struct RequestPipeline: Sendable {
    let settings: SettingsStore
    let reader: RequestReader
    let planner: RequestPlanner
    let source: ResponseSource
    let journaler: RequestJournaler
    /// The doors' REST admin API, for `/__admin`.
    let admin: any AdminDoor
    /// Raised when the server begins to stop (a hang ends then).
    let stopping: StopSignal
    let headers = ResponseHeaders()
    private let clock = ContinuousClock()

    package init(
        settings: SettingsStore, reader: RequestReader, planner: RequestPlanner, source: ResponseSource,
        journaler: RequestJournaler, admin: any AdminDoor, stopping: StopSignal
    ) {
        self.settings = settings
        self.reader = reader
        self.planner = planner
        self.source = source
        self.journaler = journaler
        self.admin = admin
        self.stopping = stopping
    }

    /// Answers `request` on `connection` through every stage. The journal stage runs once, at the
    /// end, with how the exchange ended; a failure is rethrown after it (the dispatcher then
    /// closes the connection).
    package func respond(_ request: ReceivedRequest, on connection: ClientConnection) async throws {
        let arrived = clock.now
        var exchange = journaler.start(request.head, at: arrived, tls: request.tls)
        let ending: Ending
        do {
            ending = try await answer(request, arrived: arrived, on: connection, exchange: &exchange)
        } catch let failure {
            journaler.finish(exchange, failure: failure.error, status: failure.status, upstream: failure.upstream)
            if let reset = failure.error as? any BodySourceFailure, reset.resetsConnection { await connection.reset() }
            throw failure.error
        }
        journaler.finish(exchange, ending.delivery, upstream: ending.upstream)
        if ending.closes { await connection.close() }
    }

    /// How an answer ended, for the journal stage.
    private struct Ending {
        let delivery: Delivery
        var upstream: UpstreamTrace? = nil
        /// The client left during the wait: the connection closes.
        var closes = false
    }

    /// An answer that failed with `error`, after `status` was (or would have been) sent.
    private struct Failure: Error {
        let error: any Error
        var status: Int? = nil
        var upstream: UpstreamTrace? = nil
    }

    /// Stages 1 to 7; throws a ``Failure``.
    private func answer(
        _ request: ReceivedRequest, arrived: ContinuousClock.Instant, on connection: ClientConnection,
        exchange: inout RequestJournaler.Exchange
    ) async throws(Failure) -> Ending {
        var request = request
        let head = request.head
        let settings = self.settings.snapshot
        let read: RequestReader.Reading
        do {
            read = try await reader.read(&request, arrived: arrived, answersPreflight: settings.cors)
        } catch {
            throw Failure(error: error)
        }
        let planned: ReadRequest
        switch read {
        case .preflight(admin: false):
            return try await ownAnswer(CORSPolicy.preflightResponse(for: head), head, settings, connection)
        case .preflight(admin: true):
            let refusal = ErrorBody(error: "the admin API grants no access to web pages of other origins", path: head.path)
                .response(.forbidden, headers: [.cacheControl: "no-store"])
            return try await ownAnswer(refusal, head, settings, connection, grantsCORS: false)
        case .admin(let path):
            let adminAnswer: AdminAnswer
            do {
                adminAnswer = try await admin.respond(
                    to: &request, path: path, departure: DepartureWatch(connection: connection, stopping: stopping))
            } catch {
                throw Failure(error: error)
            }
            switch adminAnswer {
            case .response(let response):
                return try await ownAnswer(response, head, settings, connection, grantsCORS: false)
            case .stream(let stream):
                do {
                    let sent = try await stream.send(to: ResponseOutput(connection: connection))
                    return Ending(delivery: Delivery(status: 200, bytes: sent, outcome: .ok))
                } catch {
                    throw Failure(error: error, status: 200)
                }
            }
        case .refused(let response, let entry, let reason):
            return try await refuse(response, entry: entry, reason: reason, head, settings, connection, &exchange)
        case .request(var planning):
            planning.client = request.client
            planned = planning
        }

        let stage: MetStage?
        do {
            stage = try TimelineLookup(runs: self.settings.timelines).stage(
                for: planned, settings: settings, connection: connection)
        } catch {
            let entry = JournalEntry(head: head, path: planned.path, headers: planned.headers, body: planned.body)
            return try await refuse(
                error.response, entry: entry, reason: "refused=control", head, settings, connection, &exchange)
        }
        let plan = planner.plan(
            method: planned.method, path: planned.path.path, split: planned.path.segments, control: planned.control,
            settings: settings,
            facts: settings.readsRequestFacts ? RequestFacts(planned) : .none, stage: stage)
        journaler.journal(planned.journalEntry(plan), in: &exchange)
        journaler.note(plan, in: &exchange)
        // Built before the wait, which counts from the request's end: the first byte leaves on time.
        var response = await FaultShaper.shape(plan, path: planned.path.path) {
            await source.response(
                for: planned, plan: plan, settings: settings,
                departure: DepartureWatch(connection: connection, stopping: stopping))
        }
        journaler.note(answeredBy: response, plan: plan, echo: planned.isEcho, in: &exchange)
        do {
            // The latency counts from the request's end, on the pipeline's clock; the wait runs on the loop's.
            let now = clock.now
            let due = planned.ended + plan.latency
            let remaining = due - now
            let waited =
                remaining > .zero
                ? try await LatencyWait.wait(until: connection.eventLoop.now + TimeAmount(remaining), connection: connection)
                : .elapsed
            guard waited == .elapsed else {
                return Ending(delivery: Delivery(status: nil, bytes: 0, outcome: .clientGone), closes: true)
            }
            headers.add(
                to: &response, request: head, headers: planned.headers, settings: settings, closing: plan.closesConnection)
            var delivery = try await ResponseSender(hangMax: settings.hangMax, stopping: stopping).deliver(
                plan, response: response, omittingBody: planned.omitsBody, connection: connection)
            delivery.headDue = max(now, due)
            return Ending(delivery: delivery, upstream: response.upstream)
        } catch {
            throw Failure(error: error, status: response.head.status.code, upstream: response.upstream)
        }
    }

    /// Journals a refused request (`entry`, with `reason`) and sends the refusal.
    private func refuse(
        _ response: OutgoingResponse, entry: JournalEntry, reason: String, _ head: HTTPRequest,
        _ settings: SettingsSnapshot, _ connection: ClientConnection, _ exchange: inout RequestJournaler.Exchange
    ) async throws(Failure) -> Ending {
        journaler.journal(entry, in: &exchange)
        journaler.note(refusal: reason, in: &exchange)
        return try await ownAnswer(response, head, settings, connection)
    }

    /// Sends the mock's own answer (preflight, admin, refusal): no latency, no fault. The admin
    /// API's answers grant no CORS access (`grantsCORS` false): only its own pages read them.
    private func ownAnswer(
        _ response: OutgoingResponse, _ head: HTTPRequest, _ settings: SettingsSnapshot, _ connection: ClientConnection,
        grantsCORS: Bool = true
    ) async throws(Failure) -> Ending {
        var response = response
        headers.add(
            to: &response, request: head, headers: SentHeaders(head), settings: settings, closing: false,
            grantsCORS: grantsCORS, isOwnPage: !grantsCORS)
        do {
            var kept = JournalBody.Gathering()
            let sent = try await response.write(
                to: ResponseOutput(connection: connection), omittingBody: head.method == .head, keeping: &kept)
            return Ending(
                delivery: Delivery(
                    status: response.head.status.code, bytes: sent, outcome: .ok,
                    response: JournalResponse(fields: response.head.headerFields, body: kept.body)))
        } catch {
            throw Failure(error: error, status: response.head.status.code)
        }
    }
}
