import BeagleMockHTTP
import BeagleScreens
import HTTPTypes
import NIOCore
import Synchronization

/// One version of one file as read from disk: its bytes (unless it is large enough to be
/// streamed), its hash and the headers derived from it, and its platform-filtered renditions.
final class CachedFile: Sendable {
    /// The status the file had when it was read (from `fstat` on the open file).
    let status: FileStatus
    /// The whole content; nil for files streamed from disk on each request.
    let bytes: ByteBuffer?
    /// The content as stored on disk: its hash, `ETag`, `Content-Type` and `Last-Modified`.
    let version: BodyVersion
    /// Whether the file is old enough that a same-size edit could not hide behind an unchanged
    /// timestamp (file times tick coarsely; a file changed within the last moments is re-read).
    let trusted: Bool
    /// The meter of the route the file was read for, for the metrics (Docs/AdminAPI.md, "Metrics").
    let meter: RouteMeter?

    private let renditions = Mutex<[BeaglePlatform: Rendition]>([:])
    private let compiled = Mutex<CompiledTemplate?>(nil)
    private let sha256 = Mutex<String?>(nil)

    /// What the file is as a template, found once per version (Docs/Templates.md).
    enum CompiledTemplate: Sendable {
        /// No `{{`: the file is served as it is.
        case plain
        case template(ScreenTemplate)
        /// A template that cannot be rendered: every request gets 500 naming the problem.
        case unrenderable(TemplateProblem)
    }

    /// A body as sent to one platform.
    struct Rendition: Sendable {
        let bytes: ByteBuffer
        let version: BodyVersion
    }

    init(
        status: FileStatus, bytes: ByteBuffer?, hash: ContentHash, contentType: String, readAt: Int64,
        meter: RouteMeter? = nil
    ) {
        self.meter = meter
        self.status = status
        self.bytes = bytes
        self.version = BodyVersion(
            hash: hash, contentType: contentType,
            lastModified: HTTPField(name: .lastModified, value: HTTPDate.format(seconds: status.modifiedSeconds)))
        self.trusted = status.isSettled(at: readAt)
    }

    /// The file as a template: read on the first request for this version, so a file without
    /// `{{` costs one scan of its bytes per version, not per request. Files too large to keep in
    /// memory are never templates.
    var template: CompiledTemplate {
        if let known = compiled.withLock({ $0 }) { return known }
        let found: CompiledTemplate
        if let bytes, ScreenTemplate.isTemplate(bytes.readableBytesView) {
            do {
                found = .template(try ScreenTemplate(source: String(decoding: bytes.readableBytesView, as: UTF8.self)))
            } catch {
                found = .unrenderable(error)
            }
        } else {
            found = .plain
        }
        compiled.withLock { $0 = found }
        return found
    }

    /// The SHA-256 of the bytes in hex, made on the first ask (``VerbatimList``); empty for a
    /// file streamed from disk, which is never a template.
    var digest: String {
        guard let bytes else { return "" }
        if let known = sha256.withLock({ $0 }) { return known }
        let digest = VerbatimList.digest(of: bytes.readableBytesView)
        sha256.withLock { $0 = digest }
        return digest
    }

    /// The body filtered for `platform` (Docs/ScreensFolder.md's `beaglePlatform` wrappers), computed
    /// once per platform; the stored bytes when filtering changes nothing.
    func rendition(for platform: BeaglePlatform) -> Rendition? {
        guard let bytes else { return nil }
        if let known = renditions.withLock({ $0[platform] }) { return known }
        let original = Array(bytes.readableBytesView)
        let filtered = PlatformFilter.filter(original, for: platform)
        let rendition: Rendition
        if filtered == original {
            rendition = Rendition(bytes: bytes, version: version)
        } else {
            rendition = Rendition(bytes: ByteBuffer(bytes: filtered), version: version.rendition(hash: ContentHash(of: filtered)))
        }
        renditions.withLock { $0[platform] = rendition }
        return rendition
    }
}
