extension ScreenFolder {
    /// Up to `limit` routes close to `path`, for a 404 body: routes a GET from `platform` would
    /// find (never a variant or method file's own name, never the route asked for), closest
    /// first by edit distance (ignoring case), ties in alphabetical order. Routes too far away
    /// to be a typo are left out: more than 2 edits, and more than a third of the length of the
    /// route asked for.
    public func suggestions(for path: String, platform: BeaglePlatform? = nil, limit: Int = 3) -> [String] {
        let wanted = Self.route(forPath: path)
        let target = wanted.lowercased()
        let maximum = max(2, wanted.count / 3)
        var candidates = Set<String>()
        for file in files + images where file.name.method == nil {
            candidates.insert(file.name.route)
        }
        candidates.remove(wanted)
        var scored: [(distance: Int, route: String)] = []
        for route in candidates {
            guard let distance = EditDistance.between(target, route.lowercased(), limit: maximum),
                resolve(route, platform: platform).match != nil
            else { continue }
            scored.append((distance, route))
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.route < $1.route }
        return scored.prefix(max(0, limit)).map(\.route)
    }
}
