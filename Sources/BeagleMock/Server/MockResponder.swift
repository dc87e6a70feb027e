import BeagleScreens
import HTTPTypes
import HummingbirdCore
import NIOCore

/// Answers every request: decodes the path, answers CORS preflights, the admin API and refusals
/// itself, asks the fault plan what a screen or echo request gets, builds the response and hands
/// both to the fault injector; journals what the client sent and what it got, and logs one line.
///
/// `/__echo` goes through the fault plan like a screen (latency, faults, route rules, per-request
/// control), as go-httpbin's routes do, and is journalled: it stands in for a BFF endpoint. Only
/// `/__admin` and CORS preflight are never delayed, faulted or journalled.
struct MockResponder: Sendable {
    let store: ScreenStore
    let plan: FaultPlan
    /// The largest request body read; larger ones get 413.
    let maxRequestBodySize: Int
    let accessLog: AccessLog
    let journal: RequestJournal
    let admin: AdminAPI
    let clock = ContinuousClock()
    let dates = DateHeader()

    /// What a request gets before it is written.
    private enum Answer {
        /// The mock's own answer (preflight, refusals, admin): no latency, no fault. `entry` is what
        /// to journal, nil for preflight and admin requests.
        case direct(OutgoingResponse, entry: JournalEntry?)
        /// A screen or echo request: latency and faults apply.
        case planned(FaultDecision, RouteRequest, entry: JournalEntry)
    }

    /// What is needed to build a route's normal response once its latency has passed.
    private struct RouteRequest {
        /// What answers the path.
        enum Target {
            /// A file of the screens or images folder, for a client on this platform.
            case file(platform: BeaglePlatform?)
            /// `/__echo…`: the request itself, body included.
            case echo(body: RecordedBody)
        }

        let path: RequestPath
        let target: Target
        /// When the request's last byte was read: latency counts from there (SPEC section 2).
        let ended: ContinuousClock.Instant
    }

    func respond(_ request: Request, _ writer: consuming ResponseWriter, _ channel: any Channel) async throws {
        let start = clock.now
        var request = request
        let head = request.head
        let headers = SentHeaders(head)
        var record = AccessLog.Record(
            method: head.method.rawValue, target: head.path ?? "", status: nil, bytes: 0, duration: .zero)
        let cors = CORSPolicy(enabled: plan.cors)
        let echo = HeaderEcho(setting: plan.echo)
        var journalID: Int?
        let delivery: Delivery
        do {
            switch try await answer(&request, arrived: start, headers: headers, cors: cors, record: &record) {
            case .direct(var response, let entry):
                journalID = entry.map { journal.begin($0) }
                record.journalID = journalID
                decorate(&response, request: head, headers: headers, cors: cors, echo: echo, closing: false)
                let sent = try await response.write(to: writer, omittingBody: head.method == .head)
                delivery = Delivery(status: response.head.status.code, bytes: sent, outcome: .ok)
            case .planned(let decision, let route, let entry):
                journalID = journal.begin(entry)
                record.journalID = journalID
                record.latency = decision.latency.specDescription
                record.fault = decision.faultDescription
                if decision.pacing != .unpaced { record.note = "\(decision.pacing)" }
                let injector = FaultInjector(hangMax: plan.hangMax)
                // Built before the wait, which counts from the request's end: the first byte leaves on time.
                var response = await routeResponse(route, request: head, headers: headers, decision: decision)
                response = FaultInjector.shape(response, for: decision, path: route.path.path)
                if decision.latency > .zero { try await Task.sleep(until: route.ended + decision.latency, clock: clock) }
                decorate(
                    &response, request: head, headers: headers, cors: cors, echo: echo, closing: decision.closesConnection)
                delivery = try await injector.deliver(
                    decision, response: response, omittingBody: head.method == .head, writer: writer, channel: channel)
            }
        } catch {
            let duration = clock.now - start
            if let journalID { journal.complete(journalID, status: nil, bytes: 0, duration: duration, outcome: .clientGone) }
            record.note = [record.note, "outcome=client-gone"].compactMap { $0 }.joined(separator: " ")
            record.duration = duration
            accessLog.record(record)
            throw error
        }
        let duration = clock.now - start
        if let journalID {
            journal.complete(
                journalID, status: delivery.status, bytes: delivery.bytes, duration: duration, outcome: delivery.outcome)
        }
        record.status = delivery.status
        record.bytes = delivery.bytes
        if delivery.outcome != .ok {
            record.note = [record.note, "outcome=\(delivery.outcome.rawValue)"].compactMap { $0 }.joined(separator: " ")
        }
        record.duration = duration
        accessLog.record(record)
    }

    /// Decides what a request gets, without waiting or writing anything.
    private func answer(
        _ request: inout Request, arrived: ContinuousClock.Instant, headers: SentHeaders, cors: CORSPolicy,
        record: inout AccessLog.Record
    ) async throws -> Answer {
        let head = request.head
        if cors.isPreflight(head) { return .direct(cors.preflightResponse(for: head), entry: nil) }
        let path: RequestPath
        do {
            path = try RequestPath(target: Substring(head.path ?? ""))
        } catch {
            record.note = "refused=\(error)"
            let target = head.path ?? ""
            let rawPath = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            let entry = JournalEntry(
                method: head.method.rawValue, path: String(rawPath.first ?? ""),
                query: rawPath.count > 1 ? String(rawPath[1]) : "", headers: headers, body: .empty)
            return .direct(
                ErrorBody(error: "bad path: \(error.description)", path: head.path).response(.badRequest), entry: entry)
        }
        let reserved = ReservedRoute(path)
        if reserved == .admin { return .direct(try await admin.respond(to: &request, path: path), entry: nil) }
        var body: ByteBuffer?
        var ended = arrived
        if Self.mayHaveBody(head) {
            defer { ended = clock.now }
            do {
                body = try await request.collectBody(upTo: maxRequestBodySize)
            } catch is NIOTooManyBytesError {
                record.note = "refused=body-too-large"
                let error = "request body larger than \(maxRequestBodySize) bytes"
                return .direct(
                    ErrorBody(error: error, path: head.path).response(.contentTooLarge, headers: [.connection: "close"]),
                    entry: Self.entry(head, path: path, headers: headers, body: nil))
            }
        }
        let control: RequestControl
        do {
            control = try Self.control(of: head, query: path.query)
        } catch {
            record.note = "refused=control"
            return .direct(
                OutgoingResponse.json(.badRequest, error.jsonText),
                entry: Self.entry(head, path: path, headers: headers, body: body))
        }
        let decision = plan.decide(method: head.method.rawValue, path: path.path, control: control)
        let target: RouteRequest.Target
        if reserved == .echo {
            target = .echo(body: RecordedBody(body, limit: maxRequestBodySize))
        } else {
            target = .file(platform: head.headerFields[.beaglePlatform].flatMap { BeaglePlatform(headerValue: $0) })
        }
        return .planned(
            decision, RouteRequest(path: path, target: target, ended: ended),
            entry: Self.entry(head, path: path, headers: headers, body: body, decision: decision))
    }

    /// The journal entry for a request as read, with what the plan decided for it.
    private static func entry(
        _ head: HTTPRequest, path: RequestPath, headers: SentHeaders, body: ByteBuffer?, decision: FaultDecision? = nil
    ) -> JournalEntry {
        JournalEntry(
            method: head.method.rawValue, path: path.path, query: String(path.query), headers: headers,
            body: RecordedBody(body, limit: RequestJournal.bodyLimit),
            fault: decision.flatMap { $0.fault == .none ? nil : $0.fault.description },
            latencyMs: decision.map { AccessLog.millisecondsValue($0.latency) } ?? 0, rule: decision?.rule)
    }

    /// The per-request control headers and query parameters; parsed only when some are present.
    private static func control(of head: HTTPRequest, query: Substring) throws(RequestControlError) -> RequestControl {
        let hasHeaders = head.headerFields.contains { $0.name.canonicalName.utf8.starts(with: "x-mock-".utf8) }
        let hasQuery = query.utf8.contains(UInt8(ascii: "_")) && query.contains("__")
        guard hasHeaders || hasQuery else { return .none }
        let parameters = QueryParameters(query)
        return try RequestControl.parse(
            headerValues: { name in
                guard let field = HTTPField.Name(name) else { return [] }
                return head.headerFields[values: field]
            },
            queryValues: { parameters.values($0) })
    }

    /// The response the route would get without faults.
    private func routeResponse(
        _ route: RouteRequest, request: HTTPRequest, headers: SentHeaders, decision: FaultDecision
    ) async -> OutgoingResponse {
        switch decision.fault {
        case .status, .emptyResponse, .reset, .garbage, .hang:
            // These never show the route's content.
            return OutgoingResponse(status: .ok)
        default:
            break
        }
        let platform: BeaglePlatform?
        switch route.target {
        case .echo(let body):
            return EchoReply(head: request, path: route.path, headers: headers, body: body).response
        case .file(let requestPlatform):
            platform = requestPlatform
        }
        let method = request.method.rawValue
        switch await store.resolve(route.path, method: method, platform: platform) {
        case .file(let file):
            return fileResponse(file, request: request, override: method == "GET" || method == "HEAD" ? nil : decision.response)
        case .methodNotAllowed(let allowed):
            if request.method == .options {
                return OutgoingResponse(status: .noContent, headers: [.allow: (allowed + ["OPTIONS"]).joined(separator: ", ")])
            }
            return ErrorBody(
                error: "\(method) is not answered here: no \(method.lowercased()) file for this route",
                path: route.path.path, method: method, allowed: allowed
            ).response(.methodNotAllowed, headers: [.allow: allowed.joined(separator: ", ")])
        case .notFound:
            return ErrorBody(
                error: "no screen or file answers this path", path: route.path.path,
                suggestions: store.suggestions(for: route.path, platform: platform)
            ).response(.notFound)
        }
    }

    private func fileResponse(_ file: ServedFile, request: HTTPRequest, override: ResponseOverride?) -> OutgoingResponse {
        var headers = HTTPFields()
        headers[.eTag] = file.hash.entityTag
        headers[.lastModified] = file.lastModified
        headers[.cacheControl] = "no-cache"
        if file.isScreen { headers[.vary] = "beagle-platform" }
        let reads = request.method == .get || request.method == .head
        if reads, file.isScreen, let beagleCache = plan.beagleCache {
            // Beagle 1.x's cache protocol: the body's hash, and 304 when the client holds it.
            headers[.beagleHash] = file.hash.hex
            headers[.cacheControl] = "max-age=\(beagleCache.maxAgeSeconds)"
            if request.headerFields[.beagleHash] == file.hash.hex {
                return OutgoingResponse(status: .notModified, headers: headers)
            }
        }
        if reads,
            ConditionalRequest.isNotModified(request, entityTag: file.hash.entityTag, modifiedSeconds: file.modifiedSeconds)
        {
            return OutgoingResponse(status: .notModified, headers: headers)
        }
        headers[.contentType] = file.contentType
        var response = OutgoingResponse(status: .ok, headers: headers, body: file.body)
        if let override {
            if let status = override.status { response.head.status = .standard(status) }
            for header in override.headers {
                if let name = HTTPField.Name(header.name) { response.head.headerFields[name] = header.value }
            }
        }
        return response
    }

    /// The headers every response carries: CORS, echoed request headers, `Date`, and
    /// `Connection: close` when the connection is to end after it.
    private func decorate(
        _ response: inout OutgoingResponse, request: HTTPRequest, headers: SentHeaders, cors: CORSPolicy, echo: HeaderEcho,
        closing: Bool
    ) {
        if !cors.isPreflight(request) { cors.decorate(&response.head.headerFields) }
        response.head.headerFields.append(contentsOf: echo.fields(for: headers))
        response.head.headerFields[.date] = dates.current()
        if closing || request.headerFields[.connection]?.lowercased() == "close" {
            response.head.headerFields[.connection] = "close"
        }
    }

    /// Whether the request announces a body (a length or chunked encoding).
    private static func mayHaveBody(_ head: HTTPRequest) -> Bool {
        if let length = head.headerFields[.contentLength] { return length != "0" }
        return head.headerFields[.transferEncoding] != nil
    }
}

extension RequestControlError {
    /// The 400 body: which header or query parameter, its value, and why.
    var jsonText: String {
        ErrorBody.encode(jsonBody)
    }
}
