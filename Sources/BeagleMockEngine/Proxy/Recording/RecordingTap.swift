import BeagleMockHTTP
import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// The bytes of one proxied body on their way to the client, kept to be saved as one file when
/// the upstream has sent them all (Docs/Proxy.md, "Grow your mock from the real BFF"). A body cut
/// short (by a fault, the client leaving or the upstream failing) is dropped, as is one over the
/// size limit; nothing is written then. A screen whose bytes hold `{{` is listed in the
/// ``VerbatimList`` before it is written, so the folder serves those bytes back and never renders
/// them as a template.
final class RecordingTap: Sendable {
    private let target: RecordTarget
    /// The file as the journal and the log show it (`screens/home.ios.json`).
    private let shownAs: String
    /// The request, as the log shows it (`GET /home`).
    private let what: String
    private let writer: ContainedFileWriter
    /// The screens folder's list of files served as they are; nil for the images folder.
    private let verbatim: VerbatimList?
    private let overwrite: Bool
    private let maxSize: Int64
    private let trace: UpstreamTrace
    /// Where the upstream's latency goes once the file is written, and the route it is for.
    private let latency: LatencyRecord?
    private let logger: Logger

    private struct State {
        var bytes: [UInt8] = []
        var abandoned = false
    }

    private let state = Mutex(State())

    init(
        target: RecordTarget, shownAs: String, what: String, writer: ContainedFileWriter, verbatim: VerbatimList?,
        overwrite: Bool, maxSize: Int64, trace: UpstreamTrace,
        latency: LatencyRecord? = nil, logger: Logger
    ) {
        self.target = target
        self.shownAs = shownAs
        self.what = what
        self.writer = writer
        self.verbatim = verbatim
        self.overwrite = overwrite
        self.maxSize = maxSize
        self.trace = trace
        self.latency = latency
        self.logger = logger
    }

    /// Keeps `chunk`, the next part of the body.
    func append(_ chunk: ByteBuffer) {
        let over = state.withLock { state -> Bool in
            guard !state.abandoned else { return false }
            guard Int64(state.bytes.count + chunk.readableBytes) <= maxSize else {
                state.abandoned = true
                state.bytes = []
                return true
            }
            state.bytes.append(contentsOf: chunk.readableBytesView)
            return false
        }
        if over {
            logger.warning("not recorded: \(what): \(RecordRefusal.grewTooLarge(limit: maxSize))")
        }
    }

    /// Drops what was kept: the body will not be whole.
    func abandon() {
        state.withLock { state in
            state.abandoned = true
            state.bytes = []
        }
    }

    /// The body came through whole: saves it (on NIO's thread pool), logs what happened, and notes
    /// a saved file on the trace.
    func finish() async {
        let bytes = state.withLock { state -> [UInt8]? in
            guard !state.abandoned else { return nil }
            state.abandoned = true
            defer { state.bytes = [] }
            return state.bytes
        }
        guard let bytes else { return }
        let writer = self.writer
        let target = self.target
        let overwrite = self.overwrite
        let verbatim = ScreenTemplate.isTemplate(bytes) ? self.verbatim : nil
        do {
            let result = try await NIOThreadPool.singleton.runIfActive {
                // Listed first: the file is never served as a template, not even for a moment.
                try verbatim?.add(target.relativePath, bytes: bytes)
                return try writer.write(bytes, as: target.segments, overwrite: overwrite)
            }
            switch result {
            case .written:
                trace.noteRecorded(shownAs)
                logger.info("recorded \(what) as \(shownAs) (\(bytes.count) bytes)")
                await keepLatency()
            case .kept:
                logger.info("not recorded: \(what): \(shownAs) exists (record overwrite replaces it)")
            }
        } catch {
            logger.error("recording \(what) as \(shownAs) failed: \(error)")
        }
    }

    /// Adds the upstream's latency for the route as a rule of the config file (`--record-latency`).
    private func keepLatency() async {
        guard let latency, let measured = trace.latency else { return }
        let outcome: RecordedLatencyRules.Outcome
        do {
            outcome = try await NIOThreadPool.singleton.runIfActive {
                latency.rules.add(method: latency.method, path: latency.path, latency: measured)
            }
        } catch {
            return
        }
        switch outcome {
        case .added(let rule):
            logger.info("recorded the latency of \(what) in \(latency.rules.file.lastPathComponent): \(rule)")
        case .exists:
            logger.info("latency of \(what) not recorded: a rule of \(latency.rules.file.lastPathComponent) applies to it")
        case .refused(let reason):
            logger.warning("latency of \(what) not recorded in \(latency.rules.file.lastPathComponent): \(reason)")
        }
    }

    /// Where a recording's latency rule goes, and for which route.
    struct LatencyRecord: Sendable {
        let rules: RecordedLatencyRules
        let method: HTTPRequest.Method
        /// The decoded path, as a rule names it.
        let path: String
    }
}
