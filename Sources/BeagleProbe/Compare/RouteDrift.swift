/// A route fetched from the BFF and compared with the folder's answer for the same platform.
package struct RouteDrift: Sendable, Hashable {
    /// The route as the probe fetched it.
    package let route: String
    /// Screen or lazy component.
    package let kind: ProbeItemKind
    /// The BFF's status.
    package let status: Int
    /// The folder's file that answers it, relative to the screens folder.
    package let file: String
    /// How the BFF's answer differs from the folder's, components first; empty when they agree.
    package let differences: [ScreenDifference]
    /// The folder's status; nil when its head was not read.
    package let folderStatus: Int?
    /// How the head of the BFF's answer differs from the folder's: status, media type, cache
    /// headers; empty when they agree or the folder's head was not read.
    package let head: [HeadDifference]
    /// The BFF's latency beside the folder's rule; nil when the route was not timed.
    package let latency: RouteLatency?

    /// A compared route; built by ``DriftCheck``.
    package init(
        route: String, kind: ProbeItemKind, status: Int, file: String, differences: [ScreenDifference],
        folderStatus: Int? = nil, head: [HeadDifference] = [], latency: RouteLatency? = nil
    ) {
        self.route = route
        self.kind = kind
        self.status = status
        self.file = file
        self.differences = differences
        self.folderStatus = folderStatus
        self.head = head
        self.latency = latency
    }

    /// Whether the answers differ, in their heads or their bodies (latency aside).
    package var differs: Bool { !differences.isEmpty || !head.isEmpty }

    /// How many differences the answers have, heads and bodies.
    package var differenceCount: Int { differences.count + head.count }

    /// How big the drift is, for ordering routes: each difference weighs by its kind.
    package var weight: Int {
        differences.reduce(0) { $0 + $1.kind.weight } + head.reduce(0) { $0 + $1.field.weight }
    }
}
