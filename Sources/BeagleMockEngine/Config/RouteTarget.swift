import HTTPTypes

/// Which requests a route rule is for: its path pattern, its methods and its `when:`. A class, so
/// that the plan stage walks the rules' targets (``SettingsSnapshot/routeTargets``) retaining one
/// reference each rather than copying whole rules, every field retained and released (about 500
/// instructions a request for two rules).
package final class RouteTarget: Sendable, Hashable {
    /// The compiled `path` pattern.
    package let glob: RouteGlob
    /// The methods; nil for all. GET also covers HEAD.
    package let methods: Set<HTTPRequest.Method>?
    /// `when:`: conditions on the query, headers and body; nil when there are none.
    package let match: RequestMatch?

    init(glob: RouteGlob, methods: Set<HTTPRequest.Method>?, match: RequestMatch?) {
        self.glob = glob
        self.methods = methods
        self.match = match
    }

    /// True for this method (GET covers HEAD) and path.
    func matches(method: HTTPRequest.Method, path: PathSegments) -> Bool {
        // The path first: most rules differ from most requests there, and comparing segments
        // costs less than hashing the method into the set.
        guard glob.matches(path) else { return false }
        if let methods, !methods.contains(method), !(method == .head && methods.contains(.get)) {
            return false
        }
        return true
    }

    /// True for this method and path when `when:` holds for `facts`.
    func matches(method: HTTPRequest.Method, path: PathSegments, facts: RequestFacts) -> Bool {
        guard matches(method: method, path: path) else { return false }
        return match?.holds(for: facts) ?? true
    }

    package static func == (left: RouteTarget, right: RouteTarget) -> Bool {
        left.glob == right.glob && left.methods == right.methods && left.match == right.match
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(glob)
        hasher.combine(methods)
        hasher.combine(match)
    }
}
