import Foundation

/// What the probe got for one screen, lazy component or image.
public struct ProbeResult: Sendable {
    /// Screen, lazy component or image.
    public let kind: ProbeItemKind
    /// The route or URL as fetched: a BFF path (`/catalog/item-1`) or an absolute URL.
    public let route: String
    /// The URL the request went to, when one could be built.
    public let url: URL?
    /// How many navigation steps from the start screen (0 for the start, its lazy components
    /// and its images).
    public let depth: Int
    /// The route of the screen that first referenced this one; nil for the start.
    public let referrer: String?
    /// The HTTP status, when a response arrived.
    public let status: Int?
    /// How long the fetch took, decoding included.
    public let duration: Duration
    /// The body exactly as received, when a response arrived.
    public let body: Data?
    /// What went wrong, errors first.
    public internal(set) var problems: [ProbeProblem]
    /// Where `--save` wrote the body, relative to the snapshot folder (`screens/home.json`).
    public internal(set) var savedAs: String?

    /// A result; built by the crawler.
    public init(
        kind: ProbeItemKind, route: String, url: URL?, depth: Int, referrer: String?, status: Int?,
        duration: Duration, body: Data?, problems: [ProbeProblem], savedAs: String? = nil
    ) {
        self.kind = kind
        self.route = route
        self.url = url
        self.depth = depth
        self.referrer = referrer
        self.status = status
        self.duration = duration
        self.body = body
        self.problems = problems
        self.savedAs = savedAs
    }

    /// Whether anything went wrong that makes the probe fail.
    public var failed: Bool { problems.contains { $0.severity == .error } }

    /// Whether a 2xx response arrived with its body: something `--save` can keep.
    public var received: Bool {
        guard let status, let body else { return false }
        return (200...299).contains(status) && !(kind == .image && body.isEmpty)
    }

    /// The body's size in bytes, when one arrived.
    public var size: Int? { body?.count }
}
