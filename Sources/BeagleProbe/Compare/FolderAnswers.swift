import BeagleScreens
import Foundation

/// What `beagle-mock serve` would answer from a screens folder to the probe's GETs, by the
/// server's own rules: the route resolution of ``ScreenFolder`` (platform variants, `index`
/// files, `[name]` parameters, assets), then `beaglePlatform` wrappers filtered for the
/// platform (``PlatformFilter``) in JSON files.
///
/// A template (a file with `{{`, Docs/Templates.md) is rendered by the server for each
/// request, from its path, query, headers and the seed; its answer is not known without that
/// request, so it is not compared. Whether a file is one is the `renderer`'s answer, the one
/// `validate` uses: it honours the folder's config (`templates: false`) and its verbatim list.
/// Route rules of the config (`when:`, `file:`, scenarios) and an upstream are not applied.
package struct FolderAnswers: Sendable {
    /// The folder's files.
    package let folder: ScreenFolder
    /// The platform the probe announced.
    package let platform: BeaglePlatform
    /// How the server renders a file before sending it; nil when it sends every file as is.
    let renderer: ScreenRendering.Renderer?

    /// The answers of `folder` to requests from `platform`, with files read through `renderer`.
    package init(folder: ScreenFolder, platform: BeaglePlatform, renderer: ScreenRendering.Renderer?) {
        self.folder = folder
        self.platform = platform
        self.renderer = renderer
    }

    /// The answer to a GET for `route` as the probe fetched it (percent-encoded, perhaps with a
    /// query, which the folder's resolution ignores).
    package func answer(for route: String) -> FolderAnswer {
        let encodedPath = route.prefix { $0 != "?" && $0 != "#" }
        guard let path = String(encodedPath).removingPercentEncoding,
            let file = folder.resolve(path, platform: platform).match?.file
        else { return .missing }
        let data: Data
        do {
            data = try Data(contentsOf: file.url)
        } catch {
            return .unknown(file: file.displayPath, reason: "cannot read \(file.displayPath): \(error.localizedDescription)")
        }
        guard file.location == .screens, file.name.isJSON else { return .served(data, file: file.displayPath) }
        switch renderer?(data, file.relativePath) ?? .asIs {
        case .asIs:
            return .served(PlatformFilter(platform: platform).filter(data), file: file.displayPath)
        case .rendered:
            return .unknown(
                file: file.displayPath,
                reason: "\(file.displayPath) is a template: the mock renders it for each request")
        case .unrenderable(let diagnostic):
            return .unknown(
                file: file.displayPath,
                reason: "\(file.displayPath):\(diagnostic.line):\(diagnostic.column): \(diagnostic.message)")
        }
    }
}
