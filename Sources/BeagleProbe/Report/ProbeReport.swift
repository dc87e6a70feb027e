import BeagleScreens

/// Everything a probe found: one result per screen, lazy component and image fetched, what was
/// not followed, and, after `--save`, what was written.
public struct ProbeReport: Sendable {
    /// What was crawled, and how.
    public let configuration: ProbeConfiguration
    /// Screens and lazy components in the order found, then images in the order found.
    public internal(set) var results: [ProbeResult]
    /// References left alone, and why.
    public let notFollowed: [NotFollowedReference]
    /// How long the crawl took.
    public let duration: Duration
    /// What `--save` wrote, once it has run.
    public internal(set) var snapshot: SnapshotSummary?

    /// A report; built by ``ProbeCrawler``.
    public init(
        configuration: ProbeConfiguration, results: [ProbeResult], notFollowed: [NotFollowedReference],
        duration: Duration
    ) {
        self.configuration = configuration
        self.results = results
        self.notFollowed = notFollowed
        self.duration = duration
    }

    /// Screens and lazy components fetched (both are view-client fetches).
    public var screenCount: Int { results.count { $0.kind != .image } }
    /// Images fetched.
    public var imageCount: Int { results.count { $0.kind == .image } }
    /// Results with at least one error.
    public var failedCount: Int { results.count(where: \.failed) }
    /// Warnings over all results.
    public var warningCount: Int { results.reduce(0) { $0 + $1.problems.count { $0.severity == .warning } } }

    /// Whether anything failed: a fetch, a status, a decode, an image, a file not written.
    public var failed: Bool { failedCount > 0 }
}
