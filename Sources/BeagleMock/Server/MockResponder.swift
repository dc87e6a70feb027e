import BeagleScreens
import HTTPTypes
import HummingbirdCore
import NIOCore

/// Answers every request: decodes the path, answers CORS preflights and the mock's own routes,
/// asks the fault plan what this request gets, finds the file, and hands both to the fault
/// injector; then logs one line.
struct MockResponder: Sendable {
    let store: ScreenStore
    let plan: FaultPlan
    /// The largest request body read; larger ones get 413.
    let maxRequestBodySize: Int
    let accessLog: AccessLog
    let clock = ContinuousClock()
    let startedAt = ContinuousClock.now
    let dates = DateHeader()

    /// What a request gets before it is written.
    private enum Answer {
        /// The mock's own answer (preflight, refusals, admin): no latency, no fault.
        case direct(OutgoingResponse)
        /// A served route: latency and faults apply.
        case planned(FaultDecision, RouteRequest)
    }

    /// What is needed to build a route's normal response once its latency has passed.
    private struct RouteRequest {
        let path: RequestPath
        let platform: BeaglePlatform?
    }

    func respond(_ request: Request, _ writer: consuming ResponseWriter, _ channel: any Channel) async throws {
        let start = clock.now
        var request = request
        let head = request.head
        var record = AccessLog.Record(
            method: head.method.rawValue, target: head.path ?? "", status: nil, bytes: 0, duration: .zero)
        let cors = CORSPolicy(enabled: plan.cors)
        let delivery: Delivery
        do {
            switch try await answer(&request, cors: cors, record: &record) {
            case .direct(var response):
                decorate(&response, request: head, cors: cors, closing: false)
                let sent = try await response.write(to: writer, omittingBody: head.method == .head)
                delivery = Delivery(status: response.head.status.code, bytes: sent, outcome: .ok)
            case .planned(let decision, let route):
                record.latency = decision.latency.specDescription
                record.fault = decision.faultDescription
                if decision.pacing != .unpaced { record.note = "\(decision.pacing)" }
                let injector = FaultInjector(hangMax: plan.hangMax)
                if decision.latency > .zero { try await Task.sleep(for: decision.latency) }
                var response = await routeResponse(route, request: head, decision: decision)
                response = FaultInjector.shape(response, for: decision, path: route.path.path)
                decorate(&response, request: head, cors: cors, closing: decision.closesConnection)
                delivery = try await injector.deliver(
                    decision, response: response, omittingBody: head.method == .head, writer: writer, channel: channel)
            }
        } catch {
            record.note = [record.note, "outcome=client-gone"].compactMap { $0 }.joined(separator: " ")
            record.duration = clock.now - start
            accessLog.record(record)
            throw error
        }
        record.status = delivery.status
        record.bytes = delivery.bytes
        if delivery.outcome != .ok {
            record.note = [record.note, "outcome=\(delivery.outcome.rawValue)"].compactMap { $0 }.joined(separator: " ")
        }
        record.duration = clock.now - start
        accessLog.record(record)
    }

    /// Decides what a request gets, without waiting or writing anything.
    private func answer(_ request: inout Request, cors: CORSPolicy, record: inout AccessLog.Record) async throws -> Answer {
        let head = request.head
        if cors.isPreflight(head) { return .direct(cors.preflightResponse(for: head)) }
        let path: RequestPath
        do {
            path = try RequestPath(target: Substring(head.path ?? ""))
        } catch {
            record.note = "refused=\(error)"
            return .direct(ErrorBody(error: "bad path: \(error.description)", path: head.path).response(.badRequest))
        }
        if path.segments == ["__admin", "health"] { return .direct(health()) }
        if Self.mayHaveBody(head) {
            do {
                _ = try await request.collectBody(upTo: maxRequestBodySize)
            } catch is NIOTooManyBytesError {
                record.note = "refused=body-too-large"
                let error = "request body larger than \(maxRequestBodySize) bytes"
                return .direct(
                    ErrorBody(error: error, path: head.path).response(.contentTooLarge, headers: [.connection: "close"]))
            }
        }
        let control: RequestControl
        do {
            control = try Self.control(of: head, query: path.query)
        } catch {
            record.note = "refused=control"
            return .direct(OutgoingResponse.json(.badRequest, error.jsonText))
        }
        let platform = head.headerFields[.beaglePlatform].flatMap { BeaglePlatform(headerValue: $0) }
        let decision = plan.decide(method: head.method.rawValue, path: path.path, control: control)
        return .planned(decision, RouteRequest(path: path, platform: platform))
    }

    /// The per-request control headers and query parameters; parsed only when some are present.
    private static func control(of head: HTTPRequest, query: Substring) throws(RequestControlError) -> RequestControl {
        let hasHeaders = head.headerFields.contains { $0.name.canonicalName.hasPrefix("x-mock-") }
        let hasQuery = query.contains("__")
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
    private func routeResponse(_ route: RouteRequest, request: HTTPRequest, decision: FaultDecision) async -> OutgoingResponse {
        switch decision.fault {
        case .status, .emptyResponse, .reset, .garbage, .hang:
            // These never show the route's content.
            return OutgoingResponse(status: .ok)
        default:
            break
        }
        let method = request.method.rawValue
        switch await store.resolve(route.path, method: method, platform: route.platform) {
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
                suggestions: store.suggestions(for: route.path, platform: route.platform)
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

    /// The headers every response carries: CORS, `Date`, and `Connection: close` when the
    /// connection is to end after it.
    private func decorate(_ response: inout OutgoingResponse, request: HTTPRequest, cors: CORSPolicy, closing: Bool) {
        if !cors.isPreflight(request) { cors.decorate(&response.head.headerFields) }
        response.head.headerFields[.date] = dates.current()
        if closing || request.headerFields[.connection]?.lowercased() == "close" {
            response.head.headerFields[.connection] = "close"
        }
    }

    /// `GET /__admin/health`: always open, for health checks.
    private func health() -> OutgoingResponse {
        let uptime = Int((clock.now - startedAt) / .seconds(1))
        let routes = store.inventory()?.screens ?? 0
        return .json(
            .ok, #"{"status":"ok","version":"\#(beagleMockVersion)","routes":\#(routes),"uptimeSeconds":\#(uptime)}"#,
            headers: [.cacheControl: "no-store"])
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
