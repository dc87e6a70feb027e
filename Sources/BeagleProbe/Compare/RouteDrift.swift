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

    /// A compared route; built by ``DriftCheck``.
    package init(route: String, kind: ProbeItemKind, status: Int, file: String, differences: [ScreenDifference]) {
        self.route = route
        self.kind = kind
        self.status = status
        self.file = file
        self.differences = differences
    }

    /// How big the drift is, for ordering routes: each difference weighs by its kind.
    package var weight: Int { differences.reduce(0) { $0 + $1.kind.weight } }
}
