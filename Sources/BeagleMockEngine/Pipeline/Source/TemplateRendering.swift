import BeagleMockHTTP
import BeagleScreens
import Foundation
import HTTPTypes
import NIOCore

/// A screen file with `{{` rendered for one request (Docs/Templates.md): the request's values,
/// random draws keyed by the seed and the request's count, then the platform filter on the
/// rendered body, whose hash is the ETag.
///
/// A rendering runs on the request's task within ``TemplateLimits/inline``; one that needs more
/// starts again on the ``TemplateRenderThread`` with the whole of `limits` (it renders the same
/// bytes: its random draws and `now` are the same), so a heavy template never holds up other
/// requests. It stops when its `departure` says nobody waits for it any more.
struct TemplateRendering: Sendable {
    let request: ReadRequest
    let plan: RequestPlan
    /// The limits of the whole rendering.
    let limits: TemplateLimits
    /// Tells when nobody waits for the rendering any more (nil: somebody always does).
    let departure: DepartureWatch?
    /// The time `now` names.
    var now = Date()

    /// How a rendering ended.
    enum Result: Sendable {
        case rendered(ServedFile)
        /// The template cannot be rendered, or went past its limits.
        case failed(TemplateProblem)
        /// Nobody waits for it any more.
        case abandoned
    }

    /// `file` rendered, or why not.
    func render(_ file: ServedFile, _ pending: ServedFile.PendingTemplate) async -> Result {
        let template: ScreenTemplate
        switch pending.compiled {
        case .success(let compiled): template = compiled
        case .failure(let problem): return .failed(problem)
        }
        let isAbandoned: @Sendable () -> Bool
        if let departure {
            isAbandoned = departure.watch()
        } else {
            isAbandoned = { false }
        }
        let inline = limits.capped(by: .inline)
        switch attempt(template, file, limits: inline, isAbandoned: isAbandoned) {
        case .overBudget where inline != limits:
            let whole = self
            return await TemplateRenderThread.run {
                whole.finish(whole.attempt(template, file, limits: whole.limits, isAbandoned: isAbandoned), file)
            } ?? .abandoned
        case let outcome:
            return finish(outcome, file)
        }
    }

    /// One rendering within `limits`.
    private func attempt(
        _ template: ScreenTemplate, _ file: ServedFile, limits: TemplateLimits, isAbandoned: @escaping @Sendable () -> Bool
    ) -> ScreenTemplate.RenderResult {
        // A rendering that waited for the render thread may have nobody to go to any more.
        if isAbandoned() { return .abandoned }
        let meter = RenderMeter(limits: limits, isAbandoned: isAbandoned)
        let scope = TemplateScope(
            request: TemplateRequest(
                method: request.method.rawValue, path: request.path.path, params: file.parameters,
                query: QueryParameters(request.path.query), headers: request.headers, body: request.body, meter: meter),
            seed: plan.seed, draw: drawKey, now: now, meter: meter)
        return template.render(scope)
    }

    /// The served file of a rendering that ended as `outcome`.
    private func finish(_ outcome: ScreenTemplate.RenderResult, _ file: ServedFile) -> Result {
        let rendered: String
        switch outcome {
        case .rendered(let text): rendered = text
        case .overBudget(let problem, _): return .failed(problem)
        case .abandoned: return .abandoned
        }
        var body = ByteBuffer(string: rendered)
        var filtered = false
        if let platform = file.template?.platform {
            let bytes = Array(body.readableBytesView)
            let kept = PlatformFilter.filter(bytes, for: platform)
            if kept != bytes {
                body = ByteBuffer(bytes: kept)
                filtered = true
            }
        }
        var result = file
        result.body = .buffer(body)
        result.version = file.version.rendering(hash: ContentHash(of: body.readableBytesView))
        result.chosenByPlatform = file.chosenByPlatform || filtered
        result.template = nil
        result.isRendered = true
        return .rendered(result)
    }

    /// The random stream of this rendering: the seed, the route and the request's place in its
    /// count, so the n-th request renders the same bytes in every seeded run.
    private var drawKey: UInt64 {
        var key = SeededRandom.combine(plan.seed, stableHash(request.method.rawValue))
        key = SeededRandom.combine(key, stableHash(request.path.path))
        key = SeededRandom.combine(key, plan.requestIndex)
        return SeededRandom.combine(key, 3)
    }
}
