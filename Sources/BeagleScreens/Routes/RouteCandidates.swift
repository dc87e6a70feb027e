/// The files that may answer a route, in the order Docs/ScreensFolder.md tries them.
///
/// For GET and HEAD to route R: a non-JSON file at R; with a platform p, `R.<p>.json`, then
/// `R.mobile.json` for IOS and ANDROID, then the same under `R/index`; then `R.json`, then
/// `R/index.json`. For POST, PUT, PATCH and DELETE the same with the method inserted
/// (`R.post.ios.json`, `R.post.json`). Each candidate says what the file name must read as
/// (platform, method), so that `/home.ios` never serves `home.ios.json` by its own name.
package struct RouteCandidates: Sequence, Sendable {
    /// One file to try.
    package struct Candidate: Sendable, Equatable {
        /// The path below the screens root.
        package let relativePath: String
        /// Whether this is the plain asset at R (served as is, whatever its content).
        package let isAsset: Bool
        /// The platform the file name must carry, nil for none.
        package let platform: BeaglePlatform?
        /// The method the file name must carry, nil for none.
        package let method: String?

        /// Whether the file name reads as this candidate expects.
        package func accepts(_ name: ScreenFileName) -> Bool {
            if isAsset { return !name.isJSON }
            return name.isJSON && name.platform == platform && name.method == method
        }

        /// Whether this candidate's own file name reads as it expects: ``accepts(_:)`` of its
        /// parsed name, parsed only when the name has more dots than its suffixes put there (a
        /// route like `/home.ios`, whose dot could read as a platform or method). Every request
        /// tries candidates, and nearly all routes have no dot in their last segment.
        package var readsAsBuilt: Bool {
            if isAsset { return !relativePath.hasSuffix(".json") }
            let name =
                relativePath.utf8.lastIndex(of: UInt8(ascii: "/")).map { relativePath.utf8[$0...] }
                ?? relativePath.utf8[...]
            let dots = name.reduce(0) { $1 == UInt8(ascii: ".") ? $0 + 1 : $0 }
            let built = 1 + (platform == nil ? 0 : 1) + (method == nil ? 0 : 1)
            return dots == built || accepts(ScreenFileName(relativePath: relativePath))
        }
    }

    private let candidates: [Candidate]

    /// - Parameters:
    ///   - route: the route's path below the root, without a trailing `.json` (`catalog/item-1`,
    ///     empty for `/`).
    ///   - platform: the request's platform, if it sent `beagle-platform`.
    ///   - method: nil for GET and HEAD, else the method whose file answers (`POST`).
    package init(route: String, platform: BeaglePlatform?, method: String?) {
        var list: [Candidate] = []
        list.reserveCapacity(8)
        let methodPart = method.map { "." + $0.lowercased() } ?? ""
        let stems = route.isEmpty ? ["index"] : [route, route + "/index"]
        if method == nil, !route.isEmpty {
            list.append(Candidate(relativePath: route, isAsset: true, platform: nil, method: nil))
        }
        if let platform {
            for stem in stems {
                for suffix in platform.variantSuffixes {
                    let variant = BeaglePlatform(rawValue: suffix.uppercased())
                    list.append(
                        Candidate(
                            relativePath: stem + methodPart + "." + suffix + ".json", isAsset: false,
                            platform: variant, method: method))
                }
            }
        }
        for stem in stems {
            list.append(Candidate(relativePath: stem + methodPart + ".json", isAsset: false, platform: nil, method: method))
        }
        candidates = list
    }

    package func makeIterator() -> IndexingIterator<[Candidate]> { candidates.makeIterator() }
}
