/// How a BFF's answers differ from a screens folder's, route by route, for the probe's platform:
/// what `beagle-mock probe URL --compare DIR` prints (Docs/ValidateAndProbe.md).
package struct DriftReport: Sendable {
    /// What was crawled, and how.
    package let configuration: ProbeConfiguration
    /// The screens folder, as the user wrote it.
    package let folder: String
    /// Routes both sides answered, biggest drift first, then in the crawl's order.
    package let compared: [RouteDrift]
    /// Routes the BFF answered (2xx) that no file of the folder answers.
    package let onlyOnBFF: [OneSidedRoute]
    /// Routes the crawl reached that the BFF answered with 404 and the folder has.
    package let onlyInFolder: [OneSidedRoute]
    /// Screen routes of the folder that the crawl did not reach (for the probe's platform), not
    /// compared: the BFF may or may not have them.
    package let notReached: [OneSidedRoute]
    /// Routes reached whose folder answer depends on the request (templates).
    package let notCompared: [UncomparedRoute]
    /// Routes the BFF failed: no response, or a status other than 2xx and 404.
    package let failedOnBFF: [UncomparedRoute]
    /// How long the crawl took.
    package let duration: Duration
    /// How many times each compared route was fetched from the BFF in all: the crawl's fetch,
    /// then those timed for its latency; 1 when none was timed.
    package let tries: Int

    /// A report; built by ``DriftCheck``.
    package init(
        configuration: ProbeConfiguration, folder: String, compared: [RouteDrift], onlyOnBFF: [OneSidedRoute],
        onlyInFolder: [OneSidedRoute], notReached: [OneSidedRoute], notCompared: [UncomparedRoute],
        failedOnBFF: [UncomparedRoute], duration: Duration, tries: Int = 1
    ) {
        self.configuration = configuration
        self.folder = folder
        self.compared = compared
        self.onlyOnBFF = onlyOnBFF
        self.onlyInFolder = onlyInFolder
        self.notReached = notReached
        self.notCompared = notCompared
        self.failedOnBFF = failedOnBFF
        self.duration = duration
        self.tries = tries
    }

    /// Compared routes whose answers differ, in their heads or their bodies.
    package var differing: [RouteDrift] { compared.filter(\.differs) }

    /// Differences over all compared routes, heads and bodies.
    package var differenceCount: Int { compared.reduce(0) { $0 + $1.differenceCount } }

    /// Compared routes the BFF answers faster or slower than the folder's latency rule says.
    package var outsideLatencyRule: [RouteDrift] { compared.filter { $0.latency?.differs == true } }

    /// Whether the BFF and the folder disagree: a route on one side only, a difference in a route
    /// both answered, or a latency rule the BFF's times fall outside. Routes not reached or not
    /// compared do not count, nor a slow BFF where the folder sets no latency.
    package var differs: Bool {
        !onlyOnBFF.isEmpty || !onlyInFolder.isEmpty || !differing.isEmpty || !outsideLatencyRule.isEmpty
    }
}
