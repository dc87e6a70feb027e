import BeagleScreens
import Foundation
import HTTPTypes
import NIOCore

/// A screen file with `{{` rendered for one request (Docs/Templates.md): the request's values,
/// random draws keyed by the seed and the request's count, then the platform filter on the
/// rendered body, whose hash is the ETag.
struct TemplateRendering {
    let request: ReadRequest
    let decision: FaultDecision
    /// The time `now` names.
    var now = Date()

    /// `file` rendered, or the problem that keeps its template from rendering.
    func render(_ file: ServedFile, _ pending: ServedFile.PendingTemplate) -> Result<ServedFile, TemplateProblem> {
        let template: ScreenTemplate
        switch pending.compiled {
        case .success(let compiled): template = compiled
        case .failure(let problem): return .failure(problem)
        }
        let scope = TemplateScope(
            request: TemplateRequest(
                method: request.method.rawValue, path: request.path.path, params: file.parameters,
                query: QueryParameters(request.path.query), headers: request.headers, body: request.body),
            seed: decision.seed, draw: drawKey, now: now)
        let rendered = template.render(scope)
        var body = ByteBuffer(string: rendered)
        var filtered = false
        if let platform = pending.platform {
            let bytes = Array(body.readableBytesView)
            let kept = PlatformFilter.filter(bytes, for: platform)
            if kept != bytes {
                body = ByteBuffer(bytes: kept)
                filtered = true
            }
        }
        var result = file
        result.body = .buffer(body)
        result.version = file.version.another(hash: ContentHash(of: body.readableBytesView))
        result.chosenByPlatform = file.chosenByPlatform || filtered
        result.template = nil
        result.isRendered = true
        return .success(result)
    }

    /// The random stream of this rendering: the seed, the route and the request's place in its
    /// count, so the n-th request renders the same bytes in every seeded run.
    private var drawKey: UInt64 {
        var key = SeededRandom.combine(decision.seed, stableHash(request.method.rawValue))
        key = SeededRandom.combine(key, stableHash(request.path.path))
        key = SeededRandom.combine(key, decision.requestIndex)
        return SeededRandom.combine(key, 3)
    }
}
