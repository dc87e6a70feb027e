import BeagleMockHTTP
import BeagleScreens
import Foundation
import Mustache

/// Templates rendered with sample values, so that `beagle-mock validate` and the admin's route
/// list check the JSON an app would get (Docs/Templates.md, "Checking templates"): every request
/// value (`request.params.id`, `request.query.page`, `request.body.a.b`…) is `1`, the method is
/// the file's (GET, or POST for `cart.post.json`), the seed 0.
package enum TemplateSample {
    /// The renderer for ``ScreenValidator`` over the screens folder at `screensFolder` (`validate`):
    /// files with `{{` rendered with sample values within the config's `templateLimits:`, or the
    /// template's problem at its line and column; other files, and those its ``VerbatimList``
    /// names, as they are. Nil when the config turns templates off (a config that does not load
    /// leaves them on: `validate` reports it apart). `configuration` is the folder's config when
    /// the caller has just read it (`import`, which wrote it); else it is read here.
    package static func renderer(screensFolder: String, configuration: MockConfiguration? = nil) -> ScreenRendering.Renderer? {
        let folder = URL(fileURLWithPath: screensFolder, isDirectory: true)
        let configuration =
            configuration ?? (try? ConfigLoader.loadIfPresent(file: ConfigLoader.defaultFile(inScreensFolder: folder)))
        guard configuration?.templates ?? true else { return nil }
        let root = ContainedRoot(directory: screensFolder)?.path ?? screensFolder
        return renderer(honouring: VerbatimList(root: root), limits: configuration?.templateLimits ?? .standard)
    }

    /// The renderer for ``ScreenValidator``, within `limits`, leaving the files `verbatim` names as
    /// they are.
    static func renderer(honouring verbatim: VerbatimList, limits: TemplateLimits) -> ScreenRendering.Renderer {
        { data, relativePath in
            guard ScreenTemplate.isTemplate(data), !verbatim.contains(relativePath, bytes: data) else { return .asIs }
            return render(data, relativePath: relativePath, limits: limits)
        }
    }

    /// `data` rendered with sample values, or the template's problem.
    private static func render(_ data: Data, relativePath: String, limits: TemplateLimits) -> ScreenRendering {
        let name = ScreenFileName(relativePath: relativePath)
        return .template(data, relativePath: relativePath, limits: limits, seed: 0) { _ in
            SampleRequest(method: name.method ?? "GET", path: name.route)
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
