import Synchronization

/// The state of every scenario (Docs/Configuration.md, "Scenarios"), kept beside the request
/// counters: the match of a rule that takes part in a scenario and the move to its `next` state
/// happen under one lock, so concurrent requests each see the state the one before left and no
/// step is lost or taken twice.
package final class ScenarioStates: Sendable {
    /// The states of scenarios that have left ``RouteScenario/start``; absent means start.
    private let states = Mutex<[String: String]>([:])

    /// No scenario has moved yet.
    package init() {}

    /// The first of `routes` that `matches` and whose scenario (if any) is in the rule's state;
    /// when it has a `next`, the scenario moves there before the lock is released.
    func firstMatch(in routes: [RouteRule], where matches: (RouteRule) -> Bool) -> RouteRule? {
        guard routes.contains(where: { $0.scenario != nil }) else { return routes.first(where: matches) }
        return states.withLock { states in
            let found = routes.first { rule in
                guard let scenario = rule.scenario else { return matches(rule) }
                return states[scenario.name, default: RouteScenario.start] == scenario.state && matches(rule)
            }
            if let scenario = found?.scenario, let next = scenario.next { states[scenario.name] = next }
            return found
        }
    }

    /// The state `name` is in now.
    package func state(of name: String) -> String {
        states.withLock { $0[name, default: RouteScenario.start] }
    }

    /// Puts `name` in `state` (`PUT /__admin/scenarios/{name}`).
    package func set(_ name: String, to state: String) {
        states.withLock { $0[name] = state }
    }

    /// Forgets scenarios no longer named in the config (a reload), keeping the states of the others.
    func keep(names: Set<String>) {
        states.withLock { states in states = states.filter { names.contains($0.key) } }
    }

    /// Every scenario back to start (`POST /__admin/reset`).
    package func resetAll() {
        states.withLock { $0.removeAll() }
    }
}
