import HTTPTypes
import HummingbirdCore
import NIOCore

/// Every request passes these stages, in this order, each a type of its own (Docs/Architecture.md):
///
/// 1. settings: one ``SettingsSnapshot`` of every layer, taken as the request arrives and read by
///    every stage after, so a reload halfway through cannot mix two configurations;
/// 2. read (``RequestReader``): path, body, per-request control; CORS preflight, the admin API and
///    refusals are answered here, without delay or fault;
/// 3. decision (``Decider``): the seeded draw of latency, pacing and fault;
/// 4. source (``ResponseSource``): what answers: a file, a method file, the echo;
/// 5. shape (``FaultShaper``): the fault applied to that answer;
/// 6. wait (``LatencyWait``): the latency, from the end of the request;
/// 7. deliver (``Deliverer``): bytes on the wire, paced, cut, reset or held;
/// 8. record (``RequestRecorder``): the journal entry and the access-log line, with one outcome.
///
/// `/__echo` goes through every stage like a screen (latency, faults, route rules), as go-httpbin's
/// routes do: it stands in for a BFF endpoint.
struct RequestPipeline: Sendable {
    let settings: SettingsStore
    let reader: RequestReader
    let decider: Decider
    let source: ResponseSource
    let recorder: RequestRecorder
    let admin: AdminAPI
    /// Raised when the server begins to stop (a hang ends then).
    let stopping: StopSignal
    let headers = ResponseHeaders()
    private let clock = ContinuousClock()

    func respond(_ request: ReceivedRequest, _ writer: consuming ResponseOutput, _ channel: any Channel) async throws {
        let arrived = clock.now
        var request = request
        let head = request.head
        var recording = recorder.start(head, at: arrived, tls: request.tls)
        let settings = self.settings.snapshot
        let read: RequestReader.Reading
        do {
            read = try await reader.read(&request, arrived: arrived, answersPreflight: settings.cors)
        } catch {
            recorder.finish(recording, failure: error, status: nil)
            throw error
        }
        let planned: ReadRequest
        switch read {
        case .preflight(admin: false):
            try await answer(CORSPolicy.preflightResponse(for: head), head, settings, writer, recording)
            return
        case .preflight(admin: true):
            let refusal = ErrorBody(error: "the admin API grants no access to web pages of other origins", path: head.path)
                .response(.forbidden, headers: [.cacheControl: "no-store"])
            try await answer(refusal, head, settings, writer, recording, grantsCORS: false)
            return
        case .admin(let path):
            let adminAnswer: AdminAPI.Answer
            do {
                adminAnswer = try await admin.respond(to: &request, path: path, settings: settings)
            } catch {
                recorder.finish(recording, failure: error, status: nil)
                throw error
            }
            switch adminAnswer {
            case .response(let response):
                try await answer(response, head, settings, writer, recording, grantsCORS: false)
            case .journalEvents(let stream):
                do {
                    let sent = try await stream.send(to: writer)
                    recorder.finish(recording, Delivery(status: 200, bytes: sent, outcome: .ok))
                } catch {
                    recorder.finish(recording, failure: error, status: 200)
                    throw error
                }
            }
            return
        case .refused(let response, let entry, let reason):
            recorder.journal(entry, in: &recording)
            recorder.note(refusal: reason, in: &recording)
            try await answer(response, head, settings, writer, recording)
            return
        case .request(var planning):
            planning.client = request.client
            planned = planning
        }

        let decision = decider.decide(
            method: planned.method, path: planned.path.path, split: planned.path.segments, control: planned.control,
            settings: settings,
            facts: settings.readsRequestFacts ? RequestFacts(planned) : .none)
        recorder.journal(planned.journalEntry(decision), in: &recording)
        recorder.note(decision, in: &recording)
        // Built before the wait, which counts from the request's end: the first byte leaves on time.
        var response = await FaultShaper.shape(decision, path: planned.path.path) {
            await source.response(
                for: planned, decision: decision, settings: settings,
                abandonment: Abandonment(channel: channel, stopping: stopping))
        }
        do {
            let waited = try await LatencyWait.wait(until: planned.ended + decision.latency, clock: clock, channel: channel)
            guard waited == .elapsed else {
                recorder.finish(recording, Delivery(status: nil, bytes: 0, outcome: .clientGone))
                try? await channel.close()
                return
            }
            headers.add(
                to: &response, request: head, headers: planned.headers, settings: settings, closing: decision.closesConnection)
            let delivery = try await Deliverer(hangMax: settings.hangMax, stopping: stopping).deliver(
                decision, response: response, omittingBody: planned.omitsBody, writer: writer, channel: channel)
            recorder.finish(recording, delivery, upstream: response.upstream)
        } catch {
            recorder.finish(recording, failure: error, status: response.head.status.code, upstream: response.upstream)
            if let failure = error as? any BodySourceFailure, failure.resetsConnection { await RawWire(channel: channel).reset() }
            throw error
        }
    }

    /// Sends the mock's own answer (preflight, admin, refusal): no latency, no fault. The admin
    /// API's answers grant no CORS access (`grantsCORS` false): only its own pages read them.
    private func answer(
        _ response: OutgoingResponse, _ head: HTTPRequest, _ settings: SettingsSnapshot, _ writer: consuming ResponseOutput,
        _ recording: RequestRecorder.Recording, grantsCORS: Bool = true
    ) async throws {
        var response = response
        headers.add(
            to: &response, request: head, headers: SentHeaders(head), settings: settings, closing: false,
            grantsCORS: grantsCORS, isOwnPage: !grantsCORS)
        do {
            let sent = try await response.write(to: writer, omittingBody: head.method == .head)
            recorder.finish(recording, Delivery(status: response.head.status.code, bytes: sent, outcome: .ok))
        } catch {
            recorder.finish(recording, failure: error, status: response.head.status.code)
            throw error
        }
    }
}
