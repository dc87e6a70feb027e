import BeagleScreens

/// One route rule an import writes in `beagle-mock.yml` (Docs/Sessions.md, "The rules"): the
/// answer's status and kept headers, its measured latency, and for a route that answered
/// differently one step of its scenario.
///
/// A rule that sets a status or headers, or is a step, names its file (`file:`): the server applies
/// a rule's `response:` to a method file or a rule's file, never to a GET route's own file.
struct ImportRule: Sendable, Equatable {
    /// The route, as a rule's `path` (no glob characters: it names this route alone).
    let path: String
    /// The method (`GET` also covers `HEAD`).
    let method: String
    /// The platform whose requests the rule is for (`when: {headers: {beagle-platform: …}}`), nil
    /// for every client.
    let platform: BeaglePlatform?
    /// The step of a route that answered differently.
    let step: Step?
    /// The file that answers, relative to the folder; nil for the route's own, as the folder finds it.
    let file: String?
    /// The status, nil for 200.
    let status: Int?
    let headers: [ResponseOverride.Header]
    /// The median `timings.wait` of the route's entries, in whole milliseconds (`--keep-latency`).
    let latency: Int?

    /// One answer of a route that answered differently.
    struct Step: Sendable, Equatable {
        /// The scenario's name: the method, the route and the platform (`GET /feed IOS`).
        let scenario: String
        /// 1 for the first answer.
        let number: Int
        /// How many answers the route gave, the last repeating.
        let count: Int

        /// The scenario state of this step: `start`, then `2`, `3`…
        var state: String { number == 1 ? RouteScenario.start : "\(number)" }
        /// The state this step moves to; nil for the last, which repeats.
        var next: String? { number < count ? "\(number + 1)" : nil }
    }

    /// `/feed GET IOS: answer 2 of 3, feed.2.ios.json, status 503, Retry-After: 30, latency 120ms`.
    var summary: String {
        var parts: [String] = []
        if let step { parts.append("answer \(step.number) of \(step.count)") }
        if let file { parts.append(file) }
        if let status { parts.append("status \(status)") }
        parts += headers.map { "\($0.name): \($0.value)" }
        if let latency { parts.append("latency \(latency)ms") }
        return "\(path) \(method)\(platform.map { " " + $0.rawValue } ?? ""): "
            + (parts.isEmpty
                ? "as the folder answers (keeps the other rules of the route off this platform)" : parts.joined(separator: ", "))
    }
}
