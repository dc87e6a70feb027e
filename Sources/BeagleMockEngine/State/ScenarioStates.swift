import BeagleMockHTTP
import HTTPTypes
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

    /// The first of `routes` that matches the request (its `method`, `path` and `facts`) and whose
    /// scenario (if any) is in the rule's state; when it has a `next`, the scenario moves there
    /// before the lock is released. `targets` are the rules' targets, in the same order.
    ///
    /// The match looks at the request alone, so the rules are matched before the lock is taken,
    /// which then only reads and moves states: a request whose first matching rule has no
    /// scenario takes no lock. (Matched under the lock, every request held it for the whole
    /// matching, and requests on other threads spun waiting for it.)
    func firstMatch(
        in routes: [RouteRule], targets: [RouteTarget], method: HTTPRequest.Method, path: PathSegments,
        facts: RequestFacts
    ) -> RouteRule? {
        guard let index = targets.firstIndex(where: { $0.matches(method: method, path: path, facts: facts) }) else {
            return nil
        }
        if routes[index].scenario == nil { return routes[index] }
        // The matching rules in order, up to the first without a scenario: none after it is chosen.
        var candidates = [routes[index]]
        for (rule, target) in zip(routes[(index + 1)...], targets[(index + 1)...])
        where target.matches(method: method, path: path, facts: facts) {
            candidates.append(rule)
            if rule.scenario == nil { break }
        }
        return states.withLock { states in
            let found = candidates.first { rule in
                guard let scenario = rule.scenario else { return true }
                return states[scenario.name, default: RouteScenario.start] == scenario.state
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
