import BeagleScreens

/// Everything a probe found: one result per screen, lazy component and image fetched, what was
/// not followed, and, after `--save`, what was written.
package struct ProbeReport: Sendable {
    /// What was crawled, and how.
    package let configuration: ProbeConfiguration
    /// Screens and lazy components in the order found, then images in the order found.
    package internal(set) var results: [ProbeResult]
    /// References left alone, and why.
    package let notFollowed: [NotFollowedReference]
    /// How long the crawl took.
    package let duration: Duration
    /// What `--save` wrote, once it has run.
    package internal(set) var snapshot: SnapshotSummary?

    /// A report; built by ``ProbeCrawler``.
    package init(
        configuration: ProbeConfiguration, results: [ProbeResult], notFollowed: [NotFollowedReference],
        duration: Duration
    ) {
        self.configuration = configuration
        self.results = results
        self.notFollowed = notFollowed
        self.duration = duration
    }

    /// Screens and lazy components fetched (both are view-client fetches).
    package var screenCount: Int { results.count { $0.kind != .image } }
    /// Images fetched.
    package var imageCount: Int { results.count { $0.kind == .image } }
    /// Results with at least one error.
    package var failedCount: Int { results.count(where: \.failed) }
    /// Warnings over all results.
    package var warningCount: Int { results.reduce(0) { $0 + $1.problems.count { $0.severity == .warning } } }

    /// Whether anything failed: a fetch, a status, a decode, an image, a file not written.
    package var failed: Bool { failedCount > 0 }
}
