import BeagleMockHTTP
import HTTPTypes

/// The plan stage: what one request gets (latency, pacing, fault, response override), drawn
/// from the settings snapshot and the request's count (Docs/LatencyAndFaults.md, "Determinism").
///
/// The n-th request to a (rule, method, path) gets an outcome that is a pure function of (seed,
/// rule, method, path, n): a counter per key, and draws from a ``SeededRandom`` keyed by that tuple,
/// so requests to other paths, in any order or in parallel, cannot change which request fails.
/// "Rule" is the first matching route rule (by its pattern and methods), or the globals when none
/// matches. The pipeline never asks for CORS preflight or `/__admin`, so those are not counted.
package struct RequestPlanner: Sendable {
    /// The counts, kept with the settings they belong to.
    let counters: RequestCounters
    /// The scenarios' states, moved when a rule that takes part in one answers.
    let scenarios: ScenarioStates

    /// A planner over the store's counters and scenario states.
    package init(counters: RequestCounters, scenarios: ScenarioStates = ScenarioStates()) {
        self.counters = counters
        self.scenarios = scenarios
    }

    private static let globalIdentity = stableHash("global")

    /// Plans what a request to `path` (percent-decoded, without the query) gets and counts it;
    /// `split` are its segments when the caller has them (`RequestPath`'s). `facts` are what a
    /// rule's `when:` looks at (Docs/Configuration.md, "Request matching"); `stage` is the stage
    /// of a running timeline the request met (Docs/Timelines.md).
    package func plan(
        method: HTTPRequest.Method, path: String, split: [String]? = nil, control: RequestControl,
        settings: SettingsSnapshot, facts: RequestFacts = .none, stage: MetStage? = nil
    ) -> RequestPlan {
        let routes = settings.configuration.routes
        // The segments are only needed to match route rules.
        let segments =
            routes.isEmpty && stage == nil ? nil : split.map { PathSegments(path, segments: $0) } ?? PathSegments(path)
        let rule = segments.flatMap { segments in
            scenarios.firstMatch(
                in: routes, targets: settings.routeTargets, method: method, path: segments, facts: facts)
        }
        let key = RequestCounters.Key(
            rule: rule?.fingerprint ?? settings.globalFingerprint,
            identity: rule?.identity ?? Self.globalIdentity,
            method: method,
            path: segments?.canonical ?? PathSegments.canonical(of: path))
        let index = counters.next(key)
        let stageLayer = stage.flatMap { stage in segments.map { stage.stage.layer(method: method, path: $0) } }
        return Self.draw(
            settings.requestFields(control: control, rule: rule, stage: stageLayer), key: key, index: index,
            seed: settings.seed,
            rule: rule?.description, file: rule?.file, proxy: rule?.proxy, stage: stage?.mark)
    }

    /// The draw itself, from the request's resolved fields and its place in its key's count.
    private static func draw(
        _ fields: SettingsPrecedence.RequestFields, key: RequestCounters.Key, index: UInt64, seed: UInt64, rule: String?,
        file: String?,
        proxy: Bool?,
        stage: StageMark?
    ) -> RequestPlan {
        // Separate streams, so that setting a latency never changes which request fails; their
        // common seed is hashed only when something is drawn (most requests draw nothing).
        var common: UInt64?
        func stream(_ number: UInt64) -> SeededRandom {
            let draw = common ?? Self.commonSeed(key: key, index: index, seed: seed)
            common = draw
            return SeededRandom(seed: SeededRandom.combine(draw, number))
        }

        let fault: Fault
        let mayEndConnection: Bool
        switch fields.faultChoice {
        case .sequence(let sequence):
            fault = sequence.step(at: index) ?? .none
            mayEndConnection = sequence.mayEndConnection
        case .rules(let rules):
            var faultRandom = stream(1)
            fault = rules.pick(faultRandom.nextUnit())
            mayEndConnection = rules.mayEndConnection
        case .none:
            fault = .none
            mayEndConnection = false
        }
        // A hang never answers, so it has no latency (Docs/LatencyAndFaults.md, "Latency").
        let latency: Duration
        if fault == .hang {
            latency = .zero
        } else if case .fixed(let fixed) = fields.latency {
            latency = fixed
        } else {
            var latencyRandom = stream(2)
            latency = fields.latency.draw(using: &latencyRandom)
        }
        return RequestPlan(
            latency: latency,
            pacing: fields.pacing,
            fault: fault,
            response: fields.response,
            closesConnection: mayEndConnection,
            seed: seed,
            requestIndex: index,
            rule: rule,
            file: file,
            proxy: proxy,
            stage: stage
        )
    }

    /// The seed of a request's draws: the seed, its rule, method, path and place in the count.
    private static func commonSeed(key: RequestCounters.Key, index: UInt64, seed: UInt64) -> UInt64 {
        var draw = seed
        draw = SeededRandom.combine(draw, key.identity)
        draw = SeededRandom.combine(draw, stableHash(key.method.rawValue))
        draw = SeededRandom.combine(draw, stableHash(key.path))
        return SeededRandom.combine(draw, index)
    }
}
