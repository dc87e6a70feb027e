import BeagleScreens

/// What a request was for, as the metrics count it (Docs/AdminAPI.md, "Metrics"): a label with no
/// more values than the folders have files and the config has rules, whatever paths clients ask.
package enum MetricRoute: Hashable, Sendable {
    /// A file of the folders answered: its path below the screens folder, or below the images
    /// folder when `images`.
    case file(String, images: Bool)
    /// No file answered, and this route rule matched (as written, `/checkout/** [POST]`).
    case rule(String)
    /// The upstream answered (Docs/Proxy.md).
    case upstream
    /// `/__echo`.
    case echo
    /// Refused before any file was looked up: a malformed path, a bad control header.
    case refused
    /// Nothing answered: 404 or 405.
    case unanswered

    /// The label's value: the route a file answers (`/product/[id]` for
    /// `product/[id].ios.json`, `/images/logo.png`), the rule as written, or `(upstream)`,
    /// `/__echo`, `(refused)` and `(none)`.
    var label: String {
        switch self {
        case .file(let path, images: false): ScreenFileName(relativePath: path).route
        case .file(let path, images: true): ScreenFileName(imagePath: path).route
        case .rule(let rule): rule
        case .upstream: "(upstream)"
        case .echo: "/__echo"
        case .refused: "(refused)"
        case .unanswered: "(none)"
        }
    }
}
