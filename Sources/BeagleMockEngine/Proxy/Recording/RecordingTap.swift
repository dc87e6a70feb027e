import BeagleMockHTTP
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
    private let logger: Logger

    private struct State {
        var bytes: [UInt8] = []
        var abandoned = false
    }

    private let state = Mutex(State())

    init(
        target: RecordTarget, shownAs: String, what: String, writer: ContainedFileWriter, verbatim: VerbatimList?,
        overwrite: Bool, maxSize: Int64, trace: UpstreamTrace, logger: Logger
    ) {
        self.target = target
        self.shownAs = shownAs
        self.what = what
        self.writer = writer
        self.verbatim = verbatim
        self.overwrite = overwrite
        self.maxSize = maxSize
        self.trace = trace
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
            case .kept:
                logger.info("not recorded: \(what): \(shownAs) exists (record overwrite replaces it)")
            }
        } catch {
            logger.error("recording \(what) as \(shownAs) failed: \(error)")
        }
    }
}
