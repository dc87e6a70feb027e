import BeagleMockEngine
import BeagleMockHTTP
import BeagleScreens
import Crypto
import Foundation

/// The dashboard at `GET /__admin/` (Docs/Dashboard.md): one page of HTML, CSS and plain
/// JavaScript, served from the binary, with no CDN, no package manager and no build step. It reads
/// the admin API like any client (`/__admin/routes`, `/__admin/screen`, `/__admin/requests`,
/// `/__admin/events`, `/__admin/settings`), with the token it asks for once when the server needs
/// one (kept in the tab's `sessionStorage`).
///
/// Its three parts are files beside this one (`dashboard.html`, `dashboard.css`, `dashboard.js`),
/// embedded in the binary when it is built, so that tools read them as what they are (CI runs
/// `node --check` on the script). The page links its style sheet and script by name, as a page
/// opened from the folder would; the server puts both inside the page, so that it is one answer.
enum DashboardPage {
    /// The page's `Content-Security-Policy`: it runs its own script alone, named by its hash (no
    /// inline script of any other text, no other source), loads nothing from elsewhere, talks only
    /// to this server, and is framed by no page.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src '\(scriptHash)'; style-src 'unsafe-inline'; img-src 'self' data:; "
        + "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"

    /// `sha256-…` of the text of the page's one `<script>` element, as CSP hashes it.
    static let scriptHash: String = {
        guard let open = html.range(of: "<script>"),
            let close = html.range(of: "</script>", range: open.upperBound..<html.endIndex)
        else { return "sha256-" }
        let script = html[open.upperBound..<close.lowerBound]
        return "sha256-" + Data(SHA256.hash(data: Data(script.utf8))).base64EncodedString()
    }()

    /// The page as served: `dashboard.html` with the style sheet and the script it links put in
    /// their places, and Beagle's component types in `componentsMark`.
    static let html: String = assemble(
        page: String(decoding: PackageResources.dashboard_html, as: UTF8.self),
        style: String(decoding: PackageResources.dashboard_css, as: UTF8.self),
        script: String(decoding: PackageResources.dashboard_js, as: UTF8.self)
    ).replacingOccurrences(of: componentsMark, with: componentsAttribute(of: .beagle2))

    /// The element that links the style sheet in `dashboard.html`.
    static let styleLink = #"<link rel="stylesheet" href="dashboard.css">"#
    /// The element that loads the script in `dashboard.html`.
    static let scriptLink = #"<script src="dashboard.js"></script>"#

    /// `page` with its `styleLink` and `scriptLink` replaced by elements holding `style` and
    /// `script`. A page without the links is returned as it is (`DashboardAssetsTests` holds the
    /// files to having both, once each).
    static func assemble(page: String, style: String, script: String) -> String {
        page.replacingOccurrences(of: styleLink, with: "<style>\n" + style + "</style>")
            .replacingOccurrences(of: scriptLink, with: "<script>\n" + script + "</script>")
    }
}
