import BeagleMockHTTP
import Synchronization

/// What the proxy did for one request, carried by its response to the journal stage: the journal's
/// `proxied` and `recorded` (Docs/AdminAPI.md, "The request journal") and the log line's note.
///
/// A class, because the recording is written while the body streams, after the response left the
/// source: whoever saves the file notes it here, and the journal stage reads it at the end.
final class UpstreamTrace: Sendable {
    /// The upstream the request went to, as the banner shows it.
    let upstream: String
    private let saved = Mutex<String?>(nil)
    private let headAfter = Mutex<Duration?>(nil)

    init(upstream: String) {
        self.upstream = upstream
    }

    /// The file the response was saved as (`screens/home.ios.json`), nil when it was not.
    var recorded: String? { saved.withLock { $0 } }

    /// How long the upstream took to send the response's head, once it has.
    var latency: Duration? { headAfter.withLock { $0 } }

    /// Notes how long the upstream took to send the response's head.
    func noteLatency(_ latency: Duration) {
        headAfter.withLock { $0 = latency }
    }

    /// Notes that the response was saved as `path`, relative to the folders' parent.
    func noteRecorded(_ path: String) {
        saved.withLock { $0 = path }
    }
}
