import Foundation
import HTTPTypes
import Logging

/// `--record` (Docs/Proxy.md, "Grow your mock from the real BFF"): decides whether and where a
/// proxied success is saved, and hands out the ``RecordingTap`` that saves it once the body has
/// come through whole.
struct ResponseRecorder: Sendable {
    /// The screens folder.
    let screens: ContainedRoot
    /// The folder served under `/images`, if any.
    let images: ContainedRoot?
    /// The config file's real path, never written.
    let configPath: String?
    /// The largest body saved; larger ones are logged and not saved.
    let maxSize: Int64
    let logger: Logger

    /// The default limit: far above any screen, and above most images.
    static let defaultMaxSize: Int64 = 10 << 20

    /// A tap for the answer `head` to `request`, or nil when it is not recorded (not a success,
    /// no file answers it, too large…; logged).
    func tap(for request: ReadRequest, head: HTTPResponse, mode: RecordMode, trace: UpstreamTrace) -> RecordingTap? {
        guard (200..<300).contains(head.status.code) else { return nil }
        let what = "\(request.method.rawValue) \(request.path.path)"
        let refusal: RecordRefusal?
        let size = head.headerFields[.contentLength].flatMap { Int64($0) }
        if let encoding = head.headerFields[.contentEncoding], encoding.lowercased() != "identity" {
            refusal = .encoded(encoding)
        } else if let size, size > maxSize {
            refusal = .tooLarge(size, limit: maxSize)
        } else {
            refusal = nil
        }
        if let refusal {
            logger.warning("not recorded: \(what): \(refusal)")
            return nil
        }
        let target = RecordTarget.target(
            method: request.method, path: request.path, platform: request.platform,
            contentType: head.headerFields[.contentType], hasImages: images != nil)
        switch target {
        case .failure(let refusal):
            logger.info("not recorded: \(what): \(refusal)")
            return nil
        case .success(let target):
            let root = target.folder == .images ? (images ?? screens) : screens
            let shown = URL(fileURLWithPath: root.path).lastPathComponent + "/" + target.relativePath
            return RecordingTap(
                target: target, shownAs: shown, what: what,
                writer: RecordFileWriter(root: root.path, forbidden: configPath), overwrite: mode == .overwrite,
                maxSize: maxSize, trace: trace, logger: logger)
        }
    }
}
