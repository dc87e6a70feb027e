import BeagleMockEngine
import BeagleMockHTTP
import BeagleMockTLS
import BeagleScreens
import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore

/// The admin API under `/__admin` (Docs/AdminAPI.md): the REST door over ``MockOperations``. It
/// reads HTTP (the gate, the method, the query and body), performs the operation, and writes its
/// result or ``OperationError`` as HTTP and JSON; it also serves what is HTTP's alone (the
/// dashboard page, the live journal, the OpenAPI document, the CA's files, MCP's endpoint).
///
/// Its answers are the mock's own: never delayed or faulted, never journalled, never shadowed by a
/// screen. `GET /__admin/health` and the local CA's certificate (`ca.pem`, `ca.crt`) are always
/// open; everything else passes the ``AdminGate`` first, so
/// that without access even a wrong path or method gets 401 or 403 and not a map of the API. A wrong
/// method on an endpoint gets 405 with `Allow`; an unknown path under `/__admin` gets 404 JSON.
package struct AdminAPI: AdminDoor {
    /// Every capability, typed.
    let operations: MockOperations
    let gate: AdminGate
    /// The Model Context Protocol endpoint, `POST /__admin/mcp`.
    let agents: AgentEndpoint
    /// Live Preview's clients, when the server serves it (`--live-preview`).
    let livePreviewDevices: PushClients?

    package init(
        operations: MockOperations, gate: AdminGate, agents: AgentEndpoint, livePreviewDevices: PushClients? = nil
    ) {
        self.livePreviewDevices = livePreviewDevices
        self.operations = operations
        self.gate = gate
        self.agents = agents
    }

    /// The largest admin request body read (settings are a few hundred bytes).
    static let maxBodySize = 64 << 10

    /// The endpoints, by the path after `/__admin/`.
    enum Endpoint: String, CaseIterable, Sendable {
        /// `/__admin/`: the dashboard page (Docs/Dashboard.md).
        case dashboard = ""
        case health
        /// `/__admin/events`: the live journal, as server-sent events.
        case events
        /// `/__admin/screen?route=&platform=`: a route's screen as a platform gets it.
        case screen
        case requests
        /// `/__admin/har`: the journal as HAR 1.2 (Docs/Sessions.md).
        case har
        /// `/__admin/requests/{id}`: one journal entry.
        case request = "requests/{id}"
        case settings
        case reset
        case routes
        /// `/__admin/scenarios`: every scenario and its state.
        case scenarios
        /// `/__admin/scenarios/{name}`: one scenario's state, to set.
        case scenario = "scenarios/{name}"
        case openAPI = "openapi.json"
        /// `/__admin/live-preview`: the screen on the devices, and pinning one (Docs/LivePreview.md).
        case livePreview = "live-preview"
        /// `/__admin/timeline`: the network timelines, and starting and stopping one (Docs/Timelines.md).
        case timeline
        /// `/__admin/metrics`: the metrics in Prometheus's text format (Docs/AdminAPI.md, "Metrics").
        case metrics
        /// `/__admin/mcp`: the Model Context Protocol over Streamable HTTP, for coding agents
        /// (Docs/Agents.md).
        case mcp
        /// `/__admin/schema.json`: the JSON Schema of Beagle 2.x screens, for editors; always open
        /// (it is public, and an editor fetches it without a token).
        case schema = "schema.json"
        /// `/__admin/ca.pem`: the local CA's certificate in PEM, always open (it is public).
        case caPEM = "ca.pem"
        /// `/__admin/ca.crt`: the same in DER, as a phone's browser installs it.
        case caDER = "ca.crt"

        /// The endpoint a path names, and the journal id for ``request``.
        init?(_ path: RequestPath) {
            let segments = path.segments
            guard segments.first == ReservedRoute.admin.rawValue else { return nil }
            if segments.count == 1 {
                self = .dashboard
            } else if segments.count == 3, segments[1] == "requests" {
                self = .request
            } else if segments.count == 3, segments[1] == "scenarios" {
                self = .scenario
            } else if segments.count == 2, let endpoint = Endpoint(rawValue: segments[1]), endpoint != .request,
                endpoint != .scenario, endpoint != .dashboard
            {
                self = endpoint
            } else {
                return nil
            }
        }

        /// The methods the endpoint answers, as `Allow` lists them.
        var methods: [HTTPRequest.Method] {
            switch self {
            case .dashboard, .health, .request, .har, .routes, .screen, .scenarios, .openAPI, .schema, .caPEM, .caDER,
                .metrics:
                [.get, .head]
            case .events: [.get]
            case .scenario: [.put]
            case .requests: [.get, .head, .delete]
            case .settings: [.get, .head, .put]
            case .livePreview, .timeline: [.get, .head, .put, .delete]
            case .reset, .mcp: [.post]
            }
        }

        /// `/__admin/requests`.
        var path: String { "/__admin/\(rawValue)" }

        /// Health and the CA's certificate: open to anyone who reaches the server, token or not.
        var isAlwaysOpen: Bool { self == .health || self == .caPEM || self == .caDER || self == .schema }
    }

    /// Answers a request whose path starts with `/__admin`; throws only when the client goes away
    /// while its body is read. An answer that waits (an agent's `wait_for_request`) ends when
    /// `departure` tells that the client left or the server stops.
    package func respond(to request: inout ReceivedRequest, path: RequestPath, departure: DepartureWatch) async throws
        -> AdminAnswer
    {
        let head = request.head
        let endpoint = Endpoint(path)
        if endpoint == .events, head.method == .get, gate.refusal(for: head) == nil {
            return .stream(AdminEventStream(journal: operations.journal.feed, livePreview: livePreviewEvents))
        }
        if let refusal = refusal(for: head, endpoint: endpoint) { return .response(refusal) }
        guard let endpoint else { return .response(Self.unknownEndpoint(path, target: head.path ?? path.path)) }
        let method = head.method
        if method == .options {
            let allow = (endpoint.methods + [.options]).map(\.rawValue).joined(separator: ", ")
            return .response(OutgoingResponse(status: .noContent, headers: [.allow: allow]))
        }
        guard endpoint.methods.contains(method) else {
            let allowed = endpoint.methods.map(\.rawValue)
            return .response(
                ErrorBody(
                    error: "\(method.rawValue) is not answered at \(endpoint.path); use \(allowed.joined(separator: " or "))",
                    path: head.path, method: method.rawValue, allowed: allowed
                ).response(.methodNotAllowed, headers: [.allow: allowed.joined(separator: ", "), .cacheControl: "no-store"]))
        }
        let body: ByteBuffer
        do {
            let limit = endpoint == .mcp ? AgentEndpoint.maxBodySize : Self.maxBodySize
            body = try await BodyRefusal.collect(&request, limit: limit)
        } catch let refusal as BodyRefusal {
            return .response(refusal.response(path: head.path, headers: Self.noStore))
        }
        if endpoint == .mcp {
            let agents = self.agents
            guard let answer = await departure.cancelling({ await agents.answer(head, body: body) }) else {
                return .response(
                    ErrorBody(error: "the client left or the server is stopping", path: head.path)
                        .response(.serviceUnavailable, headers: Self.noStore))
            }
            return .response(answer)
        }
        let query = QueryParameters(path.query)
        if endpoint == .har {
            // Written as it is made, an entry at a time (the methods were checked above).
            do {
                let export = try operations.har(
                    limit: try Self.limit(query), before: try Self.integer("before", in: query), filter: try Self.filter(query))
                guard method == .get else { return .response(OutgoingResponse(status: .ok, headers: HARStream.headers)) }
                return .stream(HARStream(export: export))
            } catch {
                return .response(Self.response(to: error, path: head.path))
            }
        }
        do {
            return .response(try dispatch(endpoint, method: method, query: query, segments: path.segments, body: body))
        } catch {
            return .response(Self.response(to: error, path: head.path))
        }
    }

    /// The page needs no token to load (it holds no data, and asks for the token itself); it keeps
    /// every other rule of the gate (Docs/Dashboard.md).
    private func refusal(for head: HTTPRequest, endpoint: Endpoint?) -> OutgoingResponse? {
        if endpoint?.isAlwaysOpen == true { return nil }
        if endpoint == .dashboard, gate.access == .tokenRequired { return nil }
        return gate.refusal(for: head)
    }

    /// The operation an endpoint names, performed with what the request gave, as HTTP.
    private func dispatch(
        _ endpoint: Endpoint, method: HTTPRequest.Method, query: QueryParameters, segments: [String], body: ByteBuffer
    ) throws(OperationError) -> OutgoingResponse {
        switch (endpoint, method) {
        case (.dashboard, _): return Self.dashboard
        case (.events, _):
            // Reached only when the stream could not start (the gate refused it above).
            throw OperationError(.unavailable, "the live journal could not start")
        case (.mcp, _):
            throw OperationError(.notFound, "MCP requests are answered at POST /__admin/mcp")
        case (.screen, _):
            guard let route = query.values("route").first else {
                throw OperationError(.invalid, field: "route", value: "", "route must be a path like /home")
            }
            do {
                return Self.json(try operations.screen(route: route, platform: query.values("platform").first))
            } catch  where error.kind == .notFound {
                return ErrorBody(error: error.message, path: route).response(.notFound, headers: Self.noStore)
            }
        case (.health, _): return Self.health(operations.health())
        case (.requests, .delete): return .json(.ok, #"{"cleared":\#(operations.clearRequests())}"#, headers: Self.noStore)
        case (.requests, _):
            return Self.json(
                try operations.requests(
                    limit: try Self.limit(query), before: try Self.integer("before", in: query), filter: try Self.filter(query)))
        case (.har, _):
            // Streamed above, and never dispatched.
            throw OperationError(.unavailable, "the archive could not be written")
        case (.request, _):
            guard let id = Self.journalID(segments[2]) else {
                return ErrorBody(
                    error: "a journal id is a whole number, like /__admin/requests/42", path: "/__admin/requests/" + segments[2]
                )
                .response(.badRequest, headers: Self.noStore)
            }
            return Self.json(try operations.request(id: id))
        case (.settings, .put): return Self.json(try operations.replaceRuntimeSettings(json: Data(body.readableBytesView)))
        case (.settings, _): return Self.json(operations.runtimeSettings)
        case (.reset, _): return Self.json(operations.reset())
        case (.routes, _): return Self.json(try operations.routes())
        case (.scenarios, _): return Self.json(["scenarios": operations.scenarios()])
        case (.scenario, _): return Self.json(try setScenario(segments[2], body))
        case (.openAPI, _): return .json(.ok, OpenAPIDocument.json(access: gate.access), headers: Self.noStore)
        case (.livePreview, .put):
            let route = try Self.route(in: body)
            return Self.json(try livePreview { () throws(OperationError) in try operations.pinLiveScreen(route) })
        case (.livePreview, .delete):
            return Self.json(try livePreview { () throws(OperationError) in try operations.pinLiveScreen(nil) })
        case (.livePreview, _): return Self.json(try livePreview())
        case (.timeline, .put):
            return Self.json(try operations.startTimeline(json: String(decoding: body.readableBytesView, as: UTF8.self)))
        case (.timeline, .delete): return Self.json(operations.stopTimeline())
        case (.timeline, _): return Self.json(operations.timelines())
        case (.metrics, _):
            let devices = livePreviewDevices.map { clients in
                let connected = clients.connected.map { LivePreviewDoor.platform(forPath: $0.path) }
                return BeaglePlatform.requestPlatforms.map { platform in
                    (platform: platform.rawValue, count: connected.count { $0 == platform })
                }
            }
            return OutgoingResponse(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: .buffer(ByteBuffer(bytes: operations.metricsText(devices: devices))))
        case (.schema, _): return SchemaFile.response(query, path: endpoint.path)
        case (.caPEM, _):
            return OutgoingResponse(
                status: .ok, headers: [.contentType: "application/x-pem-file", .cacheControl: "no-store"],
                body: .buffer(ByteBuffer(string: try operations.certificateAuthority().pemText)))
        case (.caDER, _):
            return OutgoingResponse(
                status: .ok,
                headers: [
                    .contentType: "application/x-x509-ca-cert", .cacheControl: "no-store",
                    .contentDisposition: #"attachment; filename="beagle-mock-ca.crt""#,
                ],
                body: .buffer(ByteBuffer(bytes: try operations.certificateAuthority().der)))
        }
    }

    // MARK: - Reading the request

    /// `?limit=`: a whole number of at least 1, written in digits.
    private static func limit(_ query: QueryParameters) throws(OperationError) -> Int? {
        guard let text = query.values("limit").first else { return nil }
        guard isDigits(text), text.contains(where: { $0 != "0" }) else {
            throw OperationError(
                .invalid, field: "limit", value: text, "limit must be a whole number of at least 1, like 20")
        }
        return Int(text) ?? Int.max
    }

    /// The journal filter of `GET /__admin/requests` and `GET /__admin/har`.
    private static func filter(_ query: QueryParameters) throws(OperationError) -> JournalFilter {
        try JournalFilter(
            path: query.values("path").first, method: query.values("method").first,
            status: try integer("status", in: query), platform: query.values("platform").first,
            from: query.values("from").first, to: query.values("to").first)
    }

    /// The whole number `name` of the query, when given.
    private static func integer(_ name: String, in query: QueryParameters) throws(OperationError) -> Int? {
        guard let text = query.values(name).first else { return nil }
        guard isDigits(text), let value = Int(text) else {
            throw OperationError(.invalid, field: name, value: text, "\(name) must be a whole number, like 42")
        }
        return value
    }

    /// The `{id}` of `/__admin/requests/{id}`; nil when it is not written in digits.
    private static func journalID(_ text: String) -> Int? {
        guard isDigits(text) else { return nil }
        // Too many digits for an id: no entry has it.
        return Int(text) ?? -1
    }

    /// Whether `text` is a whole number written in digits alone.
    private static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// `PUT /__admin/scenarios/{name}` with `{"state": "filled"}`.
    private func setScenario(_ name: String, _ body: ByteBuffer) throws(OperationError) -> MockOperations.ScenarioState {
        let states = try operations.scenario(name).states
        let parsed = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView), options: [.fragmentsAllowed])
        guard let object = parsed as? [String: Any] else {
            throw OperationError(.invalid, "the body must be a JSON object like {\"state\": \"\(states.last ?? "start")\"}")
        }
        if let unknown = object.keys.sorted().first(where: { $0 != "state" }) {
            throw OperationError(.invalid, field: unknown, "unknown field; the body holds only state")
        }
        guard let state = object["state"] as? String else {
            throw OperationError(
                .invalid, field: "state",
                "must be one of the states the config names for \(name): \(states.joined(separator: ", "))")
        }
        return try operations.setScenario(name, to: state)
    }

    /// `GET /__admin/live-preview`: the screen on the devices, and the devices.
    private struct LivePreviewAnswer: Encodable {
        let route: String?
        let pinned: Bool
        let problem: String?
        let saves: Int
        let devices: [Device]

        struct Device: Encodable {
            /// The platform its upgrade path names (Docs/LivePreview.md).
            let platform: String
            let path: String
            let address: String?
            /// When it connected, in ISO 8601.
            let since: String
        }

        private enum CodingKeys: String, CodingKey { case route, pinned, problem, saves, devices }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(route, forKey: .route)
            try container.encode(pinned, forKey: .pinned)
            try container.encode(problem, forKey: .problem)
            try container.encode(saves, forKey: .saves)
            try container.encode(devices, forKey: .devices)
        }
    }

    /// The screen on the devices and the devices, after `change` (a pin or an unpin) if one is given.
    private func livePreview(
        after change: (() throws(OperationError) -> MockOperations.LiveStatus)? = nil
    ) throws(OperationError) -> LivePreviewAnswer {
        guard let devices = livePreviewDevices else {
            throw OperationError(
                .notFound, "Live Preview is off: start the server with --live-preview (Docs/LivePreview.md)")
        }
        let status = try change?() ?? operations.liveStatus()
        let since = ISO8601DateFormatter()
        return LivePreviewAnswer(
            route: status.route, pinned: status.pinned, problem: status.problem, saves: status.saves,
            devices: devices.connected.map { client in
                LivePreviewAnswer.Device(
                    platform: LivePreviewDoor.platform(forPath: client.path).rawValue, path: client.path,
                    address: client.address, since: since.string(from: client.since))
            })
    }

    /// Live Preview's side of `GET /__admin/events`, when the server serves it.
    private var livePreviewEvents: AdminEventStream.LivePreview? {
        guard livePreviewDevices != nil else { return nil }
        return AdminEventStream.LivePreview(changes: operations.live.changes) { [self] in
            (try? livePreview()).map(ErrorBody.encode) ?? "{}"
        }
    }

    /// The `route` of a `PUT /__admin/live-preview` body, `{"route": "/cart"}`.
    private static func route(in body: ByteBuffer) throws(OperationError) -> String {
        let parsed = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView), options: [.fragmentsAllowed])
        guard let object = parsed as? [String: Any] else {
            throw OperationError(.invalid, #"the body must be a JSON object like {"route": "/cart"}"#)
        }
        if let unknown = object.keys.sorted().first(where: { $0 != "route" }) {
            throw OperationError(.invalid, field: unknown, "unknown field; the body holds only route")
        }
        guard let route = object["route"] as? String else {
            throw OperationError(.invalid, field: "route", "route must be a path like /cart")
        }
        return route
    }

    // MARK: - Writing the answer

    private static let noStore: HTTPFields = [.cacheControl: "no-store"]

    /// `value` as the answer's JSON, 200.
    private static func json(_ value: some Encodable) -> OutgoingResponse {
        .json(.ok, ErrorBody.encode(value), headers: noStore)
    }

    /// `GET /__admin/health`, its fields in the order the docs show them.
    private static func health(_ health: MockOperations.Health) -> OutgoingResponse {
        .json(
            .ok,
            #"{"status":"ok","version":"\#(beagleMockVersion)","routes":\#(health.routes),"uptimeSeconds":\#(health.uptimeSeconds)}"#,
            headers: noStore)
    }

    /// An operation's refusal as HTTP: 400 naming the field (and the query parameter's value),
    /// 404 with suggestions, or 500.
    private static func response(to error: OperationError, path: String?) -> OutgoingResponse {
        switch error.kind {
        case .invalid:
            var answer: [String: String]
            if let field = error.field, let value = error.value, queryParameters.contains(field) {
                // A query parameter comes back with its value.
                answer = ["error": error.message, "queryParameter": field, "value": String(value.prefix(200))]
            } else {
                answer = ["error": error.description]
                if let field = error.field { answer["field"] = field }
            }
            return .json(.badRequest, ErrorBody.encode(answer), headers: noStore)
        case .notFound:
            return ErrorBody(error: error.message, path: path, suggestions: error.suggestions)
                .response(.notFound, headers: noStore)
        case .unavailable:
            return ErrorBody(error: error.message).response(.internalServerError, headers: noStore)
        }
    }

    /// The query parameters the endpoints read.
    private static let queryParameters: Set = ["limit", "before", "path", "method", "status", "platform", "from", "to", "route"]

    /// A path under `/__admin` that names no endpoint: 404, with the endpoints.
    private static func unknownEndpoint(_ path: RequestPath, target: String) -> OutgoingResponse {
        if let format = SchemaFile.format(askedAt: path) {
            return ErrorBody(
                error: SchemaRequest.formatProblem(format) ?? "the schema is served at GET /__admin/schema.json",
                path: target, suggestions: [Endpoint.schema.path]
            ).response(.notFound, headers: noStore)
        }
        return ErrorBody(
            error: "no admin endpoint answers this path; the API is described at GET /__admin/openapi.json",
            path: target, suggestions: Endpoint.allCases.map(\.path)
        ).response(.notFound, headers: noStore)
    }

    /// `GET /__admin/`: the page, which may run nothing but itself.
    private static let dashboard = OutgoingResponse(
        status: .ok,
        headers: [
            .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
            .contentSecurityPolicy: DashboardPage.contentSecurityPolicy,
            .xContentTypeOptions: "nosniff",
        ],
        body: .buffer(ByteBuffer(string: DashboardPage.html)))
}
