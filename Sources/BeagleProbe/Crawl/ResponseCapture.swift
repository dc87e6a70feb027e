import Foundation
import Synchronization

/// Keeps the raw responses a `CapturingNetworkClient` sees, by request URL, until the crawler
/// takes them: the view client hands back a decoded screen, and the probe also needs the
/// bytes (for sizes, JSON positions and `--save`).
package final class ResponseCapture: Sendable {
    private let responses = Mutex<[String: [CapturedResponse]]>([:])

    /// An empty capture.
    package init() {}

    /// Stores the response to a request for `url`.
    package func keep(_ response: CapturedResponse, for url: URL) {
        responses.withLock { $0[url.absoluteString, default: []].append(response) }
    }

    /// Takes the oldest response stored for `url`, if any.
    package func take(for url: URL) -> CapturedResponse? {
        responses.withLock { responses in
            guard var list = responses[url.absoluteString], !list.isEmpty else { return nil }
            let first = list.removeFirst()
            responses[url.absoluteString] = list.isEmpty ? nil : list
            return first
        }
    }
}
