import Foundation

/// What the probe got for one screen, lazy component or image.
package struct ProbeResult: Sendable {
    /// Screen, lazy component or image.
    package let kind: ProbeItemKind
    /// The route or URL as fetched: a BFF path (`/catalog/item-1`) or an absolute URL.
    package let route: String
    /// The URL the request went to, when one could be built.
    package let url: URL?
    /// How many navigation steps from the start screen (0 for the start, its lazy components
    /// and its images).
    package let depth: Int
    /// The route of the screen that first referenced this one; nil for the start.
    package let referrer: String?
    /// The HTTP status, when a response arrived.
    package let status: Int?
    /// The response's header fields (none when no response arrived).
    package let headers: HeaderFields
    /// How long the fetch took, decoding included.
    package let duration: Duration
    /// The body exactly as received, when a response arrived.
    package let body: Data?
    /// What went wrong, errors first.
    package internal(set) var problems: [ProbeProblem]
    /// Where `--save` wrote the body, relative to the snapshot folder (`screens/home.json`).
    package internal(set) var savedAs: String?

    /// A result; built by the crawler.
    package init(
        kind: ProbeItemKind, route: String, url: URL?, depth: Int, referrer: String?, status: Int?,
        headers: HeaderFields = .none, duration: Duration, body: Data?, problems: [ProbeProblem], savedAs: String? = nil
    ) {
        self.kind = kind
        self.route = route
        self.url = url
        self.depth = depth
        self.referrer = referrer
        self.status = status
        self.headers = headers
        self.duration = duration
        self.body = body
        self.problems = problems
        self.savedAs = savedAs
    }

    /// Whether anything went wrong that makes the probe fail.
    package var failed: Bool { problems.contains { $0.severity == .error } }

    /// Whether a 2xx response arrived with its body: something `--save` can keep.
    package var received: Bool {
        guard let status, let body else { return false }
        return (200...299).contains(status) && !(kind == .image && body.isEmpty)
    }

    /// The body's size in bytes, when one arrived.
    package var size: Int? { body?.count }
}
