import BeagleMockHTTP
import BeagleScreens
import Foundation

/// `GET /__admin/screen?route=/home&platform=IOS`: a route's screen as a platform gets it, for the
/// dashboard's preview (Docs/AdminAPI.md): the file the route resolves to, its body with the
/// `beaglePlatform` filter applied (a template rendered with sample values first, as `validate`
/// does), and the file's diagnostics. Nothing is journalled, counted, delayed or faulted.
package struct ScreenPreview: Encodable, Sendable {
    package let route: String
    /// `IOS`, `ANDROID`, `WEB`, or nil for a client that sends no `beagle-platform`.
    package let platform: String?
    /// The file that answers, relative to its folder.
    package let file: String
    /// Whether the body is JSON (the dashboard then draws it; otherwise it shows the diagnostics).
    let isJSON: Bool
    /// The body as the platform gets it, as text.
    package let body: String
    /// What `validate` says about the file.
    let diagnostics: [Diagnostic]

    private enum CodingKeys: String, CodingKey { case route, platform, file, isJSON, body, diagnostics }

    /// Every key, `platform` as `null` for none, so that every preview has one shape.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(route, forKey: .route)
        try container.encode(platform, forKey: .platform)
        try container.encode(file, forKey: .file)
        try container.encode(isJSON, forKey: .isJSON)
        try container.encode(body, forKey: .body)
        try container.encode(diagnostics, forKey: .diagnostics)
    }

    /// The largest file previewed.
    static let largestFile = 1 << 20

    /// Why there is no preview (the answer is 404 with this message).
    struct Refusal: Error {
        let message: String
    }

    /// The preview of `route` for `platform` in `folder`, reading files through `served`; a
    /// template rendered by `renderer` (nil when templates are off).
    init(
        route: String, platform: BeaglePlatform?, folder: ScreenFolder, served: ServedFiles,
        renderer: ScreenRendering.Renderer?
    ) throws(Refusal) {
        guard let match = folder.resolve(route, platform: platform).match else {
            throw Refusal(message: "no screen answers \(route) for \(platform?.rawValue ?? "a client without beagle-platform")")
        }
        let relativePath = match.file.relativePath
        guard match.file.location == .screens, match.file.name.isJSON else {
            throw Refusal(message: "\(route) is \(relativePath), not a screen")
        }
        guard let opened = served.screenFile(at: relativePath), opened.status.size <= Self.largestFile else {
            throw Refusal(message: "\(relativePath) cannot be read, or is larger than 1 MiB")
        }
        var bytes = [UInt8](repeating: 0, count: Int(opened.status.size))
        let count = bytes.withUnsafeMutableBytes { opened.read(into: $0, at: 0) }
        guard count >= 0 else { throw Refusal(message: "\(relativePath) cannot be read") }
        bytes.removeLast(bytes.count - count)
        var body = bytes
        if case .rendered(let rendered) = renderer?(Data(bytes), relativePath) ?? .asIs { body = Array(rendered) }
        let isJSON = (try? JSONReader().parse(body)) != nil
        if isJSON, let platform { body = PlatformFilter.filter(body, for: platform) }
        self.route = route
        self.platform = platform?.rawValue
        self.file = relativePath
        self.isJSON = isJSON
        self.body = String(decoding: body, as: UTF8.self)
        diagnostics = ScreenValidator(renderer: renderer).validate(screen: Data(bytes), at: relativePath, in: folder)
    }
}
