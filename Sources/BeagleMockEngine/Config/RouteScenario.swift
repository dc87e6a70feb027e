import BeagleMockHTTP

/// A route rule's `scenario:` (Docs/Configuration.md, "Scenarios"), as WireMock's: the rule
/// matches only while the named scenario is in `state`, and answering moves it to `next`.
package struct RouteScenario: Sendable, Hashable, CustomStringConvertible {
    /// The state every scenario starts in, and returns to on `POST /__admin/reset`.
    package static let start = "start"

    /// The scenario's name, shared by the rules that take part in it.
    package let name: String
    /// The state the scenario must be in for the rule to match.
    package let state: String
    /// The state the scenario moves to when the rule answers; nil to stay.
    package let next: String?

    /// Creates a scenario condition; `state` defaults to ``start``.
    package init(name: String, state: String = RouteScenario.start, next: String? = nil) {
        self.name = name
        self.state = state
        self.next = next
    }

    /// `cart: start -> filled`, for fingerprints and logs.
    package var description: String {
        "\(name.debugDescription): \(state.debugDescription)" + (next.map { " -> \($0.debugDescription)" } ?? "")
    }
}
