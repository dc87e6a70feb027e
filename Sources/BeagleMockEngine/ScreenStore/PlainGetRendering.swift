import BeagleMockHTTP
import BeagleScreens
import Foundation

/// A screen template rendered as a plain GET of its route renders it: the live preview's screens
/// (Docs/LivePreview.md). The request is GET, its path the route with the values of the file's
/// `[name]` segments, no query, no body, and only a `beagle-platform` header when a platform is
/// named; the seed is the server's.
enum PlainGetRendering {
    /// The renderer for the file that answers `route` (whose `[name]` values are `parameters`)
    /// for `platform`, within `limits`, leaving the files `verbatim` names as they are.
    static func renderer(
        route: String, parameters: [String: String], platform: BeaglePlatform?, seed: UInt64, verbatim: VerbatimList,
        limits: TemplateLimits
    ) -> ScreenRendering.Renderer {
        { data, relativePath in
            guard ScreenTemplate.isTemplate(data), !verbatim.contains(relativePath, bytes: data) else { return .asIs }
            let problem: TemplateProblem
            do throws(TemplateProblem) {
                let template = try ScreenTemplate(source: String(decoding: data, as: UTF8.self))
                let meter = RenderMeter(limits: limits)
                let headers = platform.map { [SentHeaders.Field(name: "beagle-platform", value: $0.rawValue)] } ?? []
                let request = TemplateRequest(
                    method: "GET", path: route, params: parameters, query: QueryParameters(""),
                    headers: SentHeaders(fields: headers), body: nil, meter: meter)
                switch template.render(TemplateScope(request: request, seed: seed, draw: seed, meter: meter)) {
                case .rendered(let text): return .rendered(Data(text.utf8))
                case .overBudget(let overBudget, _): problem = overBudget
                case .abandoned: problem = TemplateProblem(message: "the rendering was stopped", line: 1, column: 1)
                }
            } catch {
                problem = error
            }
            return .unrenderable(
                Diagnostic(
                    file: relativePath, line: problem.line, column: problem.column, severity: .error,
                    message: "the template cannot be rendered: \(problem.message)"))
        }
    }
}
