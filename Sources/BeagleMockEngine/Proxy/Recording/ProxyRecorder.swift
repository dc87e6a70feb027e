import BeagleMockHTTP
import Foundation
import HTTPTypes
import Logging

/// `--record` (Docs/Proxy.md, "Grow your mock from the real BFF"): decides whether and where a
/// proxied success is saved, and hands out the ``RecordingTap`` that saves it once the body has
/// come through whole.
package struct ProxyRecorder: Sendable {
    /// The screens folder.
    let screens: ContainedRoot
    /// The folder served under `/images`, if any.
    let images: ContainedRoot?
    /// The config file's real path, never written.
    let configPath: String?
    /// The TLS folder, never written into.
    let withheld: WithheldPaths
    /// Where a recorded screen whose bytes hold `{{` is listed, so it is served as it came.
    let verbatim: VerbatimList
    /// Where `--record-latency` writes its rules: the config file.
    let latencyRules: RecordedLatencyRules?
    let logger: Logger

    package init(
        screens: ContainedRoot, images: ContainedRoot?, configPath: String?, withheld: WithheldPaths,
        verbatim: VerbatimList, logger: Logger
    ) {
        self.screens = screens
        self.images = images
        self.configPath = configPath
        self.withheld = withheld
        self.verbatim = verbatim
        self.latencyRules = configPath.map { RecordedLatencyRules(file: URL(fileURLWithPath: $0)) }
        self.logger = logger
    }

    /// A tap for the answer `head` to `request`, or nil when it is not recorded (not a success,
    /// no file answers it, larger than `limit`…; logged).
    func tap(for request: ReadRequest, head: HTTPResponse, policy: RecordPolicy, trace: UpstreamTrace) -> RecordingTap? {
        let maxSize = policy.maxSize.bytes
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
                writer: ContainedFileWriter(root: root.path, forbidden: configPath, withheld: withheld),
                verbatim: target.folder == .screens ? verbatim : nil, overwrite: policy.mode == .overwrite,
                maxSize: maxSize, trace: trace,
                latency: policy.keepsLatency
                    ? latencyRules.map { RecordingTap.LatencyRecord(rules: $0, method: request.method, path: request.path.path) }
                    : nil,
                logger: logger)
        }
    }
}
