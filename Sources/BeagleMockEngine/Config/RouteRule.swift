import BeagleMockHTTP
import HTTPTypes

/// One entry of `routes:` in the config file: a path pattern, optional methods, and the fields it sets.
package struct RouteRule: Sendable, Hashable, CustomStringConvertible {
    /// The methods accepted in `methods:`.
    package static let knownMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]

    /// Which requests the rule is for: its pattern, methods and `when:`.
    package let target: RouteTarget
    /// The compiled `path` pattern.
    package var glob: RouteGlob { target.glob }
    /// The methods the rule is for; nil for all. A rule for GET also covers HEAD.
    package var methods: Set<HTTPRequest.Method>? { target.methods }
    /// What the rule sets.
    package let layer: SettingsLayer
    /// `when:`: conditions on the query, headers and body; nil when the rule has none.
    package var match: RequestMatch? { target.match }
    /// `file:`: the file of the screens folder (relative to it) that answers a matching request.
    package let file: String?
    /// `scenario:`: the scenario state the rule needs and the one it moves to; nil when none.
    package let scenario: RouteScenario?
    /// `proxy:`: true sends matching requests to the upstream even when a file answers them, false
    /// keeps them local (Docs/Proxy.md); nil when the rule does not say.
    package let proxy: Bool?
    /// Where the rule starts in its file, for logs; nil when built in code.
    package let line: Int?
    /// Where `file:`'s value is in the config file, for `beagle-mock validate`; nil when built in code.
    package var fileLine: Int?
    /// The column of `file:`'s value.
    package var fileColumn: Int?
    /// A stable hash of what the rule says (not where it is): a reload that leaves a rule unchanged
    /// keeps its counters, one that changes it starts them over (Docs/LatencyAndFaults.md, "Sequences").
    package let fingerprint: UInt64
    /// A stable hash of which requests the rule is for (pattern and methods), the "rule" in the
    /// draw's (seed, rule, method, path, n): editing a rule's latency does not reshuffle its faults.
    let identity: UInt64

    /// Creates a rule, refusing unknown methods.
    package init(
        path: RouteGlob, methods: [String]? = nil, layer: SettingsLayer, match: RequestMatch? = nil, file: String? = nil,
        scenario: RouteScenario? = nil, proxy: Bool? = nil, line: Int? = nil
    ) throws(SpecError) {
        if proxy == true, file != nil {
            throw SpecError("a rule answers with its file: or with the upstream (proxy: true), not both; remove one")
        }
        var normalized: Set<HTTPRequest.Method>?
        if let methods {
            var set = Set<HTTPRequest.Method>()
            let names = Self.knownMethods.map(\.rawValue)
            for method in methods {
                let upper = method.trimmingSpecWhitespace().uppercased()
                guard let known = Self.knownMethods.first(where: { $0.rawValue == upper }) else {
                    let hint = closestName(to: upper, among: names).map { " (did you mean \($0)?)" } ?? ""
                    throw SpecError("unknown method \(SpecError.quote(method))\(hint); use \(names.joined(separator: ", "))")
                }
                set.insert(known)
            }
            normalized = set
        }
        self.target = RouteTarget(glob: path, methods: normalized, match: match)
        self.layer = layer
        self.file = file
        self.scenario = scenario
        self.proxy = proxy
        self.line = line
        let methodText = normalized.map { Self.names($0) } ?? "*"
        // A rule with conditions is another rule for the draw, so its faults are its own; one
        // without keeps the identity it had before `when:` existed (replays stay the same).
        let whenText = match.map { " when \($0)" } ?? ""
        let fileText = file.map { " file \($0.debugDescription)" } ?? ""
        let scenarioText = scenario.map { " scenario \($0)" } ?? ""
        // Where the answer comes from is not part of the draw: a route faults the same requests
        // proxied or not (Docs/Proxy.md).
        let proxyText = proxy.map { " proxy \($0)" } ?? ""
        self.fingerprint = stableHash(
            "route \(path.pattern) \(methodText) \(layer)\(whenText)\(fileText)\(scenarioText)\(proxyText)")
        self.identity = stableHash("route \(path.pattern) \(methodText)\(whenText)\(scenarioText)")
    }

    /// True when the rule is for this method (GET covers HEAD) and path.
    package func matches(method: HTTPRequest.Method, path: String) -> Bool {
        matches(method: method, path: PathSegments(path))
    }

    func matches(method: HTTPRequest.Method, path: PathSegments) -> Bool {
        target.matches(method: method, path: path)
    }

    /// True when the rule is for this method and path and its `when:` holds for `facts`.
    func matches(method: HTTPRequest.Method, path: PathSegments, facts: RequestFacts) -> Bool {
        target.matches(method: method, path: path, facts: facts)
    }

    /// `/checkout/** [GET]` — the rule as a user would recognise it in a log.
    package var description: String {
        guard let methods else { return glob.pattern }
        return "\(glob.pattern) [\(Self.names(methods))]"
    }

    /// `GET,POST`: the names sorted, as fingerprints and logs write them.
    private static func names(_ methods: Set<HTTPRequest.Method>) -> String {
        methods.map(\.rawValue).sorted().joined(separator: ",")
    }
}
