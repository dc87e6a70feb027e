import BeagleScreens
import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore

/// The admin API under `/__admin` (Docs/AdminAPI.md): the dashboard, health, the request journal
/// and its live stream, runtime settings, reset, the route list and screen previews, scenarios and
/// its own OpenAPI document.
///
/// Its answers are the mock's own: never delayed or faulted, never journalled, never shadowed by a
/// screen. `GET /__admin/health` and the local CA's certificate (`ca.pem`, `ca.crt`) are always
/// open; everything else passes the ``AdminGate`` first, so
/// that without access even a wrong path or method gets 401 or 403 and not a map of the API. A wrong
/// method on an endpoint gets 405 with `Allow`; an unknown path under `/__admin` gets 404 JSON.
struct AdminAPI: Sendable {
    let settings: SettingsStore
    let journal: RequestJournal
    let screens: ScreenStore
    let gate: AdminGate
    let startedAt: ContinuousClock.Instant
    /// The local CA that signed the HTTPS certificate, served at `ca.pem` and `ca.crt`; nil without
    /// HTTPS or with a certificate of the user's own.
    var authority: LocalCertificateAuthority? = nil
    /// The Model Context Protocol endpoint, `POST /__admin/mcp`.
    let agents: AgentEndpoint
    /// The last route list, kept while the folder is unchanged.
    var routeReports = RouteReportCache()

    /// The operations behind the journal, settings and reset endpoints, shared with in-process callers.
    private var operations: AdminOperations { AdminOperations(settings: settings, journal: journal) }

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
            case .dashboard, .health, .request, .routes, .screen, .scenarios, .openAPI, .schema, .caPEM, .caDER: [.get, .head]
            case .events: [.get]
            case .scenario: [.put]
            case .requests: [.get, .head, .delete]
            case .settings: [.get, .head, .put]
            case .reset, .mcp: [.post]
            }
        }

        /// `/__admin/requests`.
        var path: String { "/__admin/\(rawValue)" }

        /// Health and the CA's certificate: open to anyone who reaches the server, token or not.
        var isAlwaysOpen: Bool { self == .health || self == .caPEM || self == .caDER || self == .schema }
    }

    /// What the admin API answers: a response, or the live journal, which the pipeline streams.
    enum Answer: Sendable {
        case response(OutgoingResponse)
        case journalEvents(JournalEventStream)
    }

    /// Answers a request whose path starts with `/__admin`; throws only when the client goes away
    /// while its body is read. An answer that waits (an agent's `wait_for_request`) ends when
    /// `abandonment` tells that the client left or the server stops.
    func respond(
        to request: inout ReceivedRequest, path: RequestPath, settings snapshot: SettingsSnapshot, abandonment: Abandonment
    ) async throws -> Answer {
        let endpoint = Endpoint(path)
        if endpoint == .events, request.head.method == .get, gate.refusal(for: request.head) == nil {
            return .journalEvents(JournalEventStream(feed: journal.feed))
        }
        return .response(
            try await response(to: &request, endpoint: endpoint, path: path, settings: snapshot, abandonment: abandonment))
    }

    /// The page needs no token to load (it holds no data, and asks for the token itself); it keeps
    /// every other rule of the gate (Docs/Dashboard.md).
    private func refusal(for head: HTTPRequest, endpoint: Endpoint?) -> OutgoingResponse? {
        if endpoint?.isAlwaysOpen == true { return nil }
        if endpoint == .dashboard, gate.access == .tokenRequired { return nil }
        return gate.refusal(for: head)
    }

    private func response(
        to request: inout ReceivedRequest, endpoint: Endpoint?, path: RequestPath, settings snapshot: SettingsSnapshot,
        abandonment: Abandonment
    ) async throws -> OutgoingResponse {
        let head = request.head
        if let refusal = refusal(for: head, endpoint: endpoint) { return refusal }
        guard let endpoint else {
            if let format = SchemaFile.format(askedAt: path) {
                return ErrorBody(
                    error: SchemaRequest.formatProblem(format) ?? "the schema is served at GET /__admin/schema.json",
                    path: head.path, suggestions: [Endpoint.schema.path]
                ).response(.notFound, headers: Self.noStore)
            }
            return ErrorBody(
                error: "no admin endpoint answers this path; the API is described at GET /__admin/openapi.json",
                path: head.path, suggestions: Endpoint.allCases.map(\.path)
            ).response(.notFound, headers: Self.noStore)
        }
        let method = head.method
        if method == .options {
            let allow = (endpoint.methods + [.options]).map(\.rawValue).joined(separator: ", ")
            return OutgoingResponse(status: .noContent, headers: [.allow: allow])
        }
        guard endpoint.methods.contains(method) else {
            let allowed = endpoint.methods.map(\.rawValue)
            return ErrorBody(
                error: "\(method.rawValue) is not answered at \(endpoint.path); use \(allowed.joined(separator: " or "))",
                path: head.path, method: method.rawValue, allowed: allowed
            ).response(.methodNotAllowed, headers: [.allow: allowed.joined(separator: ", "), .cacheControl: "no-store"])
        }
        let body: ByteBuffer
        do {
            let limit = endpoint == .mcp ? AgentEndpoint.maxBodySize : Self.maxBodySize
            body = try await BodyRefusal.collect(&request, limit: limit)
        } catch let refusal as BodyRefusal {
            return refusal.response(path: head.path, headers: Self.noStore)
        }
        if endpoint == .mcp {
            let agents = self.agents
            guard let answer = await abandonment.cancelling({ await agents.answer(head, body: body) }) else {
                return ErrorBody(error: "the client left or the server is stopping", path: head.path)
                    .response(.serviceUnavailable, headers: Self.noStore)
            }
            return answer
        }
        return answer(
            endpoint, method: method, query: QueryParameters(path.query), segments: path.segments, body: body,
            settings: snapshot, path: head.path)
    }

    /// What an endpoint answers to a request that passed the gate and names one of its methods:
    /// the one place each operation's rules live, for HTTP clients and for the agents' tools
    /// (``AgentTools``) alike.
    func answer(
        _ endpoint: Endpoint, method: HTTPRequest.Method, query: QueryParameters, segments: [String], body: ByteBuffer,
        settings snapshot: SettingsSnapshot, path: String?
    ) -> OutgoingResponse {
        switch (endpoint, method) {
        case (.dashboard, _): return Self.dashboard
        case (.events, _):
            // Reached only when the stream could not start (the gate refused it above).
            return ErrorBody(error: "the live journal could not start", path: path).response(.internalServerError)
        case (.mcp, _):
            // Answered by the agents' endpoint before this switch.
            return ErrorBody(error: "MCP requests are answered at POST /__admin/mcp", path: path).response(.notFound)
        case (.screen, _): return screen(query, renderer: sampleRenderer(snapshot))
        case (.health, _): return health()
        case (.requests, .delete): return clearRequests()
        case (.requests, _): return requests(query)
        case (.request, _): return entry(segments[2])
        case (.settings, .put): return putSettings(body)
        case (.settings, _): return .json(.ok, Self.text(snapshot.runtime.jsonData()), headers: Self.noStore)
        case (.reset, _): return reset()
        case (.routes, _): return routes(renderer: sampleRenderer(snapshot))
        case (.scenarios, _): return scenarios(snapshot)
        case (.scenario, _): return putScenario(segments[2], body, snapshot)
        case (.openAPI, _): return .json(.ok, OpenAPIDocument.json(access: gate.access), headers: Self.noStore)
        case (.schema, _): return SchemaFile.response(query, path: path)
        case (.caPEM, _), (.caDER, _): return certificateAuthority(endpoint, path: path)
        }
    }

    /// `GET /__admin/ca.pem` and `GET /__admin/ca.crt`: the local CA's certificate, never its key.
    private func certificateAuthority(_ endpoint: Endpoint, path: String?) -> OutgoingResponse {
        guard let authority else {
            return ErrorBody(
                error: "no local CA: this server serves no HTTPS (--tls-port), or serves a certificate of its own (--tls-cert)",
                path: path
            ).response(.notFound, headers: Self.noStore)
        }
        if endpoint == .caPEM {
            return OutgoingResponse(
                status: .ok, headers: [.contentType: "application/x-pem-file", .cacheControl: "no-store"],
                body: .buffer(ByteBuffer(string: authority.pemText)))
        }
        return OutgoingResponse(
            status: .ok,
            headers: [
                .contentType: "application/x-x509-ca-cert", .cacheControl: "no-store",
                .contentDisposition: #"attachment; filename="beagle-mock-ca.crt""#,
            ],
            body: .buffer(ByteBuffer(bytes: authority.der)))
    }

    private static let noStore: HTTPFields = [.cacheControl: "no-store"]

    /// `GET /__admin/health`.
    private func health() -> OutgoingResponse {
        let uptime = Int((ContinuousClock.now - startedAt) / .seconds(1))
        let routes = screens.inventory()?.screens ?? 0
        return .json(
            .ok, #"{"status":"ok","version":"\#(beagleMockVersion)","routes":\#(routes),"uptimeSeconds":\#(uptime)}"#,
            headers: Self.noStore)
    }

    /// `GET /__admin/requests?limit=&path=`.
    private func requests(_ query: QueryParameters) -> OutgoingResponse {
        var limit: Int?
        if let text = query.values("limit").first {
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                text.contains(where: { $0 != "0" })
            else {
                return Self.badQuery("limit", text, "limit must be a whole number of at least 1, like 20")
            }
            limit = Int(text) ?? Int.max
        }
        do {
            let page = try operations.requests(limit: limit, path: query.values("path").first)
            return .json(.ok, ErrorBody.encode(page), headers: Self.noStore)
        } catch {
            return Self.badQuery(error.parameter, error.value, error.message)
        }
    }

    /// `GET /__admin/requests/{id}`.
    private func entry(_ id: String) -> OutgoingResponse {
        guard !id.isEmpty, id.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return ErrorBody(error: "a journal id is a whole number, like /__admin/requests/42", path: "/__admin/requests/\(id)")
                .response(.badRequest, headers: Self.noStore)
        }
        guard let number = Int(id), let entry = journal.entry(number) else {
            return ErrorBody(
                error: "no request \(id) in the journal: it was cleared, pushed out by newer requests, or never made",
                path: "/__admin/requests/\(id)"
            ).response(.notFound, headers: Self.noStore)
        }
        return .json(.ok, ErrorBody.encode(entry), headers: Self.noStore)
    }

    /// `DELETE /__admin/requests`.
    private func clearRequests() -> OutgoingResponse {
        .json(.ok, #"{"cleared":\#(operations.clearRequests())}"#, headers: Self.noStore)
    }

    /// `PUT /__admin/settings`: all or nothing.
    private func putSettings(_ body: ByteBuffer) -> OutgoingResponse {
        do {
            let settings = try operations.replaceRuntimeSettings(json: Data(body.readableBytesView))
            return .json(.ok, Self.text(settings.jsonData()), headers: Self.noStore)
        } catch {
            var answer = ["error": error.description]
            if let field = error.field { answer["field"] = field }
            return .json(.badRequest, ErrorBody.encode(answer), headers: Self.noStore)
        }
    }

    /// `POST /__admin/reset`.
    private func reset() -> OutgoingResponse {
        let cleared = operations.reset()
        return .json(
            .ok, #"{"journalCleared":\#(cleared),"settings":\#(Self.text(RuntimeSettings.none.jsonData()))}"#,
            headers: Self.noStore)
    }

    /// `GET /__admin/scenarios` (Docs/AdminAPI.md, "Scenarios").
    private func scenarios(_ snapshot: SettingsSnapshot) -> OutgoingResponse {
        let list = snapshot.configuration.scenarioCatalogue.map { scenarioState($0) }
        return .json(.ok, ErrorBody.encode(["scenarios": list]), headers: Self.noStore)
    }

    /// `PUT /__admin/scenarios/{name}` with `{"state": "filled"}`: 404 for a scenario the config
    /// does not name, 400 naming the field for a bad body; nothing changes on either.
    private func putScenario(_ name: String, _ body: ByteBuffer, _ snapshot: SettingsSnapshot) -> OutgoingResponse {
        guard let entry = snapshot.configuration.scenarioCatalogue.first(where: { $0.name == name }) else {
            let names = snapshot.configuration.scenarioCatalogue.map(\.name)
            return ErrorBody(
                error: "no scenario \(SpecError.quote(name)) in the config; GET /__admin/scenarios lists them",
                path: "/__admin/scenarios/\(name)", suggestions: names
            ).response(.notFound, headers: Self.noStore)
        }
        func refuse(_ error: String, field: String?) -> OutgoingResponse {
            var answer = ["error": error]
            if let field { answer["field"] = field }
            return .json(.badRequest, ErrorBody.encode(answer), headers: Self.noStore)
        }
        let parsed = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView), options: [.fragmentsAllowed])
        guard let object = parsed as? [String: Any] else {
            return refuse("the body must be a JSON object like {\"state\": \"\(entry.states.last ?? "start")\"}", field: nil)
        }
        if let unknown = object.keys.sorted().first(where: { $0 != "state" }) {
            return refuse("\(unknown): unknown field; the body holds only state", field: unknown)
        }
        guard let state = object["state"] as? String, entry.states.contains(state) else {
            let known = entry.states.joined(separator: ", ")
            return refuse("state: must be one of the states the config names for \(name): \(known)", field: "state")
        }
        settings.scenarios.set(name, to: state)
        return .json(.ok, ErrorBody.encode(scenarioState(entry)), headers: Self.noStore)
    }

    /// One scenario as the admin API shows it.
    private func scenarioState(_ entry: MockConfiguration.ScenarioEntry) -> ScenarioState {
        ScenarioState(name: entry.name, state: settings.scenarios.state(of: entry.name), states: entry.states)
    }

    /// A scenario, its state now and every state its rules name.
    private struct ScenarioState: Encodable {
        let name: String
        let state: String
        let states: [String]
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

    /// `GET /__admin/screen?route=/home&platform=IOS`.
    private func screen(_ query: QueryParameters, renderer: ScreenRendering.Renderer?) -> OutgoingResponse {
        guard let route = query.values("route").first, route.hasPrefix("/") else {
            return Self.badQuery("route", query.values("route").first ?? "", "route must be a path like /home")
        }
        var platform: BeaglePlatform?
        if let name = query.values("platform").first, !name.isEmpty {
            guard let known = BeaglePlatform(rawValue: name), BeaglePlatform.requestPlatforms.contains(known) else {
                return Self.badQuery("platform", name, "platform must be IOS, ANDROID or WEB, or empty for none")
            }
            platform = known
        }
        guard let folder = screens.snapshot.fresh() else {
            return ErrorBody(error: "the screens folder \(screens.served.screens.path) cannot be listed (was it removed?)")
                .response(.internalServerError, headers: Self.noStore)
        }
        do {
            let preview = try ScreenPreview(
                route: route, platform: platform, folder: folder, served: screens.served,
                renderer: renderer)
            return .json(.ok, ErrorBody.encode(preview), headers: Self.noStore)
        } catch {
            return ErrorBody(error: error.message, path: route).response(.notFound, headers: Self.noStore)
        }
    }

    /// How the route list and previews read a template: rendered with sample values within the
    /// config's limits, when templates are on.
    func sampleRenderer(_ snapshot: SettingsSnapshot) -> ScreenRendering.Renderer? {
        snapshot.templates ? TemplateSample.renderer(honouring: screens.verbatim, limits: snapshot.templateLimits) : nil
    }

    /// `GET /__admin/routes`; templates checked as rendered with sample values when they are on.
    private func routes(renderer: ScreenRendering.Renderer?) -> OutgoingResponse {
        guard let folder = screens.snapshot.fresh() else {
            return ErrorBody(error: "the screens folder \(screens.served.screens.path) cannot be listed (was it removed?)")
                .response(.internalServerError, headers: Self.noStore)
        }
        let validator = ScreenValidator(renderer: renderer)
        return .json(.ok, ErrorBody.encode(routeReports.report(of: folder, validator: validator)), headers: Self.noStore)
    }

    private static func badQuery(_ name: String, _ value: String, _ error: String) -> OutgoingResponse {
        .json(
            .badRequest, ErrorBody.encode(["error": error, "queryParameter": name, "value": String(value.prefix(200))]),
            headers: noStore)
    }

    private static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
}
