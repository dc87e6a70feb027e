import BeagleMockHTTP
import HTTPTypes
import Logging

/// The source stage: what answers a request when no fault replaces the answer (Docs/Architecture.md,
/// "A new response source"). Each kind is a case here and nothing else changes.
package struct ResponseSource: Sendable {
    /// The screens and images folders.
    let store: ScreenStore
    /// The echo's body limit (the request body limit).
    let maxBodySize: Int
    /// Where a template that cannot be rendered is reported.
    let logger: Logger
    /// The client of the real BFF behind the mock (Docs/Proxy.md); nil when the server has none.
    var upstream: UpstreamClient? = nil

    package init(store: ScreenStore, maxBodySize: Int, logger: Logger, upstream: UpstreamClient? = nil) {
        self.store = store
        self.maxBodySize = maxBodySize
        self.logger = logger
        self.upstream = upstream
    }

    /// Where a request's answer comes from.
    enum Kind: Sendable, Equatable {
        /// GET or HEAD: a screen, an image or another file of the folders.
        case file
        /// Another method: the route's method file (`cart.post.json`).
        case methodFile
        /// `/__echo…`: the request itself as JSON.
        case echo
        /// Any method: the matching route rule's `file:`, relative to the screens folder
        /// (Docs/Configuration.md, "Request matching").
        case ruleFile(String)
        /// Any method, on a route whose rule says `proxy: true`: the upstream even when a file
        /// exists (Docs/Proxy.md); elsewhere the upstream answers what the folders do not.
        case proxy
    }

    /// The kind of source that answers `request`, given the rule `plan` found for it.
    static func kind(of request: ReadRequest, plan: RequestPlan) -> Kind {
        if request.isEcho { return .echo }
        if plan.proxy == true { return .proxy }
        if let file = plan.file { return .ruleFile(file) }
        return request.method == .get || request.method == .head ? .file : .methodFile
    }

    /// The response `request` gets without faults, under `settings`; `plan` carries the route
    /// rule's `response:` override. A template's rendering stops once `departure` says nobody
    /// waits for it (the client left, the server is stopping).
    func response(
        for request: ReadRequest, plan: RequestPlan, settings: SettingsSnapshot, departure: DepartureWatch? = nil
    ) async -> OutgoingResponse {
        let fallback = UpstreamFallback(client: upstream, plan: plan, settings: settings)
        let rendering = TemplateRendering(
            request: request, plan: plan, limits: settings.templateLimits, departure: departure)
        switch Self.kind(of: request, plan: plan) {
        case .echo:
            return EchoReply(request: request, body: JournalBody(request.body, limit: maxBodySize)).response
        case .proxy:
            if let fallback { return await fallback.answer(request, miss: false) }
            let reads = request.method == .get || request.method == .head
            return await fileAnswer(
                for: request, rendering: rendering, override: reads ? nil : plan.response,
                beagleCache: reads ? settings.beagleCache : nil, settings: settings)
        case .file:
            return await fileAnswer(
                for: request, rendering: rendering, override: nil, beagleCache: settings.beagleCache, settings: settings,
                fallback: fallback)
        case .methodFile:
            return await fileAnswer(
                for: request, rendering: rendering, override: plan.response, beagleCache: nil, settings: settings,
                fallback: fallback)
        case .ruleFile(let relativePath):
            return await ruleFileAnswer(relativePath, for: request, rendering: rendering, settings: settings)
        }
    }

    /// A file's answer, its template rendered for the request first (Docs/Templates.md); a
    /// template that cannot be rendered, or goes past its limits, answers 500 naming the file,
    /// line and column.
    private func answer(
        _ file: consuming ServedFile, for request: ReadRequest, rendering: TemplateRendering, override: ResponseOverride?,
        beagleCache: BeagleCacheSettings?
    ) async -> OutgoingResponse {
        var file = file
        if let pending = file.template {
            switch await rendering.render(file, pending) {
            case .rendered(let rendered):
                file = rendered
            case .failed(let problem):
                logger.error(
                    "\(file.relativePath):\(problem.line):\(problem.column): the template cannot be rendered: \(problem.message)")
                return ErrorBody(
                    error: "the template \(file.relativePath) cannot be rendered: \(problem.message)",
                    path: request.path.path, file: file.relativePath, line: problem.line, column: problem.column
                ).response(.internalServerError)
            case .abandoned:
                return ErrorBody(
                    error: "the rendering of \(file.relativePath) stopped: the client left or the server is stopping",
                    path: request.path.path
                ).response(.serviceUnavailable, headers: [.connection: "close"])
            }
        }
        return FileAnswer(file: file, request: request.head, beagleCache: beagleCache, override: override).response
    }

    /// A rule's `file:`: served through the same checks as any file of the folder, with its
    /// platform variant when there is one. A missing file is the config's mistake, which
    /// `beagle-mock validate` reports; the request gets 404 naming it.
    private func ruleFileAnswer(
        _ relativePath: String, for request: ReadRequest, rendering: TemplateRendering, settings: SettingsSnapshot
    ) async -> OutgoingResponse {
        guard let file = await store.ruleFile(relativePath, platform: request.platform, templates: settings.templates) else {
            return ErrorBody(
                error: "the route rule's file \(relativePath) is not in the screens folder", path: request.path.path
            ).response(.notFound)
        }
        return await answer(
            file, for: request, rendering: rendering, override: rendering.plan.response, beagleCache: nil)
    }

    /// The folders' answer: a file, 405 with `Allow`, or 404 with suggestions; `fallback`'s
    /// instead of 404 and 405 (but to OPTIONS) when there is one.
    private func fileAnswer(
        for request: ReadRequest, rendering: TemplateRendering, override: ResponseOverride?,
        beagleCache: BeagleCacheSettings?, settings: SettingsSnapshot, fallback: UpstreamFallback? = nil
    ) async -> OutgoingResponse {
        let method = request.method
        // With an upstream, 404 and 405 alike go to it (but OPTIONS): the allowed methods are not needed.
        let tellsAllowed = fallback == nil || method == .options
        switch await store.resolve(
            request.path, method: method, platform: request.platform, templates: settings.templates, tellsAllowed: tellsAllowed)
        {
        case .file(let file):
            return await answer(file, for: request, rendering: rendering, override: override, beagleCache: beagleCache)
        case .methodNotAllowed(let allowed):
            if let fallback, method != .options { return await fallback.answer(request, miss: true) }
            let names = allowed.map(\.rawValue)
            if method == .options {
                return OutgoingResponse(status: .noContent, headers: [.allow: (names + ["OPTIONS"]).joined(separator: ", ")])
            }
            return ErrorBody(
                error: "\(method.rawValue) is not answered here: no \(method.rawValue.lowercased()) file for this route",
                path: request.path.path, method: method.rawValue, allowed: names
            ).response(.methodNotAllowed, headers: [.allow: names.joined(separator: ", ")])
        case .changing(let relativePath):
            return ErrorBody(
                error: "\(relativePath) changed while it was being read, every time: it is being written; try again",
                path: request.path.path, file: relativePath
            ).response(.serviceUnavailable, headers: [.retryAfter: "1"])
        case .notFound:
            if let fallback { return await fallback.answer(request, miss: true) }
            return store.notFound(request.path, platform: request.platform).response(.notFound)
        }
    }
}
