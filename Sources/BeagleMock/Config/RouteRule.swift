import HTTPTypes

/// One entry of `routes:` in the config file: a path pattern, optional methods, and the fields it sets.
package struct RouteRule: Sendable, Hashable, CustomStringConvertible {
    /// The methods accepted in `methods:`.
    package static let knownMethods: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]

    /// The compiled `path` pattern.
    package let glob: RouteGlob
    /// The methods the rule is for; nil for all. A rule for GET also covers HEAD.
    package let methods: Set<HTTPRequest.Method>?
    /// What the rule sets.
    package let layer: SettingsLayer
    /// Where the rule starts in its file, for logs; nil when built in code.
    package let line: Int?
    /// A stable hash of what the rule says (not where it is): a reload that leaves a rule unchanged
    /// keeps its counters, one that changes it starts them over (Docs/LatencyAndFaults.md, "Sequences").
    package let fingerprint: UInt64
    /// A stable hash of which requests the rule is for (pattern and methods), the "rule" in the
    /// draw's (seed, rule, method, path, n): editing a rule's latency does not reshuffle its faults.
    let identity: UInt64

    /// Creates a rule, refusing unknown methods.
    package init(path: RouteGlob, methods: [String]? = nil, layer: SettingsLayer, line: Int? = nil) throws(SpecError) {
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
        self.glob = path
        self.methods = normalized
        self.layer = layer
        self.line = line
        let methodText = normalized.map { Self.names($0) } ?? "*"
        self.fingerprint = stableHash("route \(path.pattern) \(methodText) \(layer)")
        self.identity = stableHash("route \(path.pattern) \(methodText)")
    }

    /// True when the rule is for this method (GET covers HEAD) and path.
    package func matches(method: HTTPRequest.Method, path: String) -> Bool {
        matches(method: method, path: PathSegments(path))
    }

    func matches(method: HTTPRequest.Method, path: PathSegments) -> Bool {
        if let methods, !methods.contains(method), !(method == .head && methods.contains(.get)) {
            return false
        }
        return glob.matches(path)
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
