extension ScreenFolder {
    /// Up to `limit` routes close to `path`, for a 404 body: routes a GET from `platform` (or, with
    /// `orAnyPlatform`, from any) would find (never a variant or method file's own name, never the
    /// route asked for), closest first by edit distance (ignoring case), ties in alphabetical
    /// order. Routes too far away to be a typo are left out: more than 2 edits, and more than a
    /// third of the length of the route asked for.
    ///
    /// A route with `[name]` segments is offered as its pattern (`/product/[id]`) and measured
    /// with the request's own values in those segments, so `/prodct/42` is one edit from
    /// `/product/[id]` (Docs/ScreensFolder.md, "Path parameters").
    package func suggestions(
        for path: String, platform: BeaglePlatform? = nil, orAnyPlatform: Bool = false, limit: Int = 3
    ) -> [String] {
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
            let compared = Self.route(route, filledFrom: wanted)
            // With `orAnyPlatform`, a route that only other platforms' variants answer is offered
            // too (a 404's suggestion, whose own 404 names the variants).
            guard compared != wanted, let distance = EditDistance.between(target, compared.lowercased(), limit: maximum),
                resolve(compared, platform: platform).match != nil
                    || (orAnyPlatform && !platforms(answering: compared).isEmpty)
            else { continue }
            scored.append((distance, route))
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.route < $1.route }
        return scored.prefix(max(0, limit)).map(\.route)
    }

    /// The platforms whose clients a GET of `path` finds a file for (`IOS` and `ANDROID` for a route
    /// with only `home.ios.json` and `home.android.json`), in the order Beagle names them.
    package func platforms(answering path: String) -> [BeaglePlatform] {
        BeaglePlatform.requestPlatforms.filter { resolve(path, platform: $0).match != nil }
    }

    /// `route` with each valid `[name]` segment replaced by `wanted`'s segment at the same place,
    /// when both have as many segments; `route` itself otherwise.
    static func route(_ route: String, filledFrom wanted: String) -> String {
        let segments = route.split(separator: "/", omittingEmptySubsequences: true)
        let values = wanted.split(separator: "/", omittingEmptySubsequences: true)
        guard segments.count == values.count, segments.contains(where: { PathParameter.name(ofSegment: $0) != nil })
        else { return route }
        let filled = zip(segments, values).map { segment, value in
            PathParameter.name(ofSegment: segment) != nil ? value : segment
        }
        return "/" + filled.joined(separator: "/")
    }
}
