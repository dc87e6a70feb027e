import BeagleScreens
import Foundation
import Mustache

extension ScreenRendering {
    /// `data`, a screen template, rendered for a check (`validate`, the route list, a preview,
    /// Live Preview) within `limits` with `seed` and the `request` made for the rendering's meter;
    /// or the template's problem at its line and column in `relativePath`.
    static func template(
        _ data: Data, relativePath: String, limits: TemplateLimits, seed: UInt64,
        request: (RenderMeter) -> any MustacheParent
    ) -> ScreenRendering {
        let problem: TemplateProblem
        do throws(TemplateProblem) {
            let template = try ScreenTemplate(source: String(decoding: data, as: UTF8.self))
            let meter = RenderMeter(limits: limits)
            switch template.render(TemplateScope(request: request(meter), seed: seed, draw: seed, meter: meter)) {
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
