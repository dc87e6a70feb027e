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
            let headers = platform.map { [SentHeaders.Field(name: "beagle-platform", value: $0.rawValue)] } ?? []
            return .template(data, relativePath: relativePath, limits: limits, seed: seed) { meter in
                TemplateRequest(
                    method: "GET", path: route, params: parameters, query: QueryParameters(""),
                    headers: SentHeaders(fields: headers), body: nil, meter: meter)
            }
        }
    }
}
