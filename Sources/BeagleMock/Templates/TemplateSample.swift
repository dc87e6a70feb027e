import BeagleScreens
import Foundation
import Mustache

/// Templates rendered with sample values, so that `beagle-mock validate` and the admin's route
/// list check the JSON an app would get (Docs/Templates.md, "Checking templates"): every request
/// value (`request.params.id`, `request.query.page`, `request.body.a.b`…) is `1`, the method is
/// the file's (GET, or POST for `cart.post.json`), the seed 0.
package enum TemplateSample {
    /// The renderer for ``ScreenValidator``: files with `{{` rendered with sample values, or the
    /// template's problem at its line and column; other files as they are.
    package static let renderer: ScreenRendering.Renderer = { data, relativePath in
        guard ScreenTemplate.isTemplate(data) else { return .asIs }
        do throws(TemplateProblem) {
            let template = try ScreenTemplate(source: String(decoding: data, as: UTF8.self))
            let name = ScreenFileName(relativePath: relativePath)
            let request = SampleRequest(method: name.method ?? "GET", path: name.route)
            let text = template.render(TemplateScope(request: request, seed: 0, draw: 0))
            return .rendered(Data(text.utf8))
        } catch {
            return .unrenderable(
                Diagnostic(
                    file: relativePath, line: error.line, column: error.column, severity: .error,
                    message: "the template cannot be rendered: \(error.message)"))
        }
    }

    /// `request` with sample values.
    struct SampleRequest: MustacheParent {
        let method: String
        let path: String

        func child(named name: String) -> Any? {
            switch name {
            case "method": method
            case "path": path
            default: SampleValue()
            }
        }
    }

    /// `1`, whatever is asked of it.
    struct SampleValue: MustacheParent, MustacheCustomRenderable {
        func child(named name: String) -> Any? { SampleValue() }
        var renderText: String { "1" }
        var isNull: Bool { false }
    }
}
