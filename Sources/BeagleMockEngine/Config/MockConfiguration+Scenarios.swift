import BeagleMockHTTP

extension MockConfiguration {
    /// One scenario named in the config, with every state its rules name.
    package struct ScenarioEntry: Sendable, Hashable {
        /// The scenario's name.
        package let name: String
        /// Its states: `start` first, then the others in the order the rules name them.
        package let states: [String]
    }

    /// Every scenario the route rules name, sorted by name (`GET /__admin/scenarios`).
    package var scenarioCatalogue: [ScenarioEntry] {
        var states: [String: [String]] = [:]
        for rule in routes {
            guard let scenario = rule.scenario else { continue }
            var list = states[scenario.name, default: [RouteScenario.start]]
            for state in [scenario.state] + (scenario.next.map { [$0] } ?? []) where !list.contains(state) {
                list.append(state)
            }
            states[scenario.name] = list
        }
        return states.keys.sorted().map { ScenarioEntry(name: $0, states: states[$0] ?? []) }
    }
}
