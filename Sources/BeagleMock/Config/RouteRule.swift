/// One entry of `routes:` in the config file: a path pattern, optional methods, and the fields it sets.
public struct RouteRule: Sendable, Hashable, CustomStringConvertible {
    /// The methods accepted in `methods:`.
    public static let knownMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    /// The compiled `path` pattern.
    public let glob: RouteGlob
    /// Upper-case methods the rule is for; nil for all. A rule for GET also covers HEAD.
    public let methods: Set<String>?
    /// What the rule sets.
    public let layer: ControlLayer
    /// Where the rule starts in its file, for logs; nil when built in code.
    public let line: Int?
    /// A stable hash of what the rule says (not where it is): a reload that leaves a rule unchanged
    /// keeps its counters, one that changes it starts them over (SPEC section 3).
    public let fingerprint: UInt64
    /// A stable hash of which requests the rule is for (pattern and methods), the "rule" in the
    /// draw's (seed, rule, method, path, n): editing a rule's latency does not reshuffle its faults.
    let identity: UInt64

    /// Creates a rule, refusing unknown methods.
    public init(path: RouteGlob, methods: [String]? = nil, layer: ControlLayer, line: Int? = nil) throws(SpecError) {
        var normalized: Set<String>?
        if let methods {
            var set = Set<String>()
            for method in methods {
                let upper = method.trimmingSpecWhitespace().uppercased()
                guard Self.knownMethods.contains(upper) else {
                    let hint = closestName(to: upper, among: Self.knownMethods).map { " (did you mean \($0)?)" } ?? ""
                    throw SpecError(
                        "unknown method \(SpecError.quote(method))\(hint); use \(Self.knownMethods.joined(separator: ", "))")
                }
                set.insert(upper)
            }
            normalized = set
        }
        self.glob = path
        self.methods = normalized
        self.layer = layer
        self.line = line
        let methodText = normalized.map { $0.sorted().joined(separator: ",") } ?? "*"
        self.fingerprint = stableHash("route \(path.pattern) \(methodText) \(layer)")
        self.identity = stableHash("route \(path.pattern) \(methodText)")
    }

    /// True when the rule is for this method (GET covers HEAD) and path.
    public func matches(method: String, path: String) -> Bool {
        matches(method: method.uppercased(), path: PathSegments(path))
    }

    func matches(method: String, path: PathSegments) -> Bool {
        if let methods, !methods.contains(method), !(method == "HEAD" && methods.contains("GET")) {
            return false
        }
        return glob.matches(path)
    }

    /// `/checkout/** [GET]` — the rule as a user would recognise it in a log.
    public var description: String {
        guard let methods else { return glob.pattern }
        return "\(glob.pattern) [\(methods.sorted().joined(separator: ","))]"
    }
}
