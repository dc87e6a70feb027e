/// Where a screens folder has `[name]` entries, and the order in which a route tries them
/// (Docs/ScreensFolder.md, "Path parameters").
///
/// Built from a listing, so that a request never lists a folder: a folder without `[name]`
/// entries costs nothing, and a folder without any makes ``isEmpty`` true, which lets the server
/// skip parameters altogether.
package struct ParameterIndex: Sendable, Hashable {
    /// For each folder stem (empty for the root), the valid `[name]` subfolders that can stand
    /// for a segment with more segments after it.
    private var folders: [String: Set<String>] = [:]
    /// For each folder stem, the valid `[name]` entries that can stand for a route's last
    /// segment: JSON files (`[id].json`, `[id].ios.json`, `[id].post.json`) and subfolders (for
    /// `[id]/index.json`).
    private var leaves: [String: Set<String>] = [:]
    /// The greatest depth (0 for the root's own entries) at which a `[name]` entry is.
    private var deepest = -1

    /// The index of a listing of relative paths (`/` separators), as ``ScreenFolder`` holds it.
    package init(relativePaths: some Sequence<String>) {
        for path in relativePaths {
            let components = path.split(separator: "/").map(String.init)
            for (depth, component) in components.dropLast().enumerated() where PathParameter.name(ofSegment: component) != nil {
                let parent = components[..<depth].joined(separator: "/")
                folders[parent, default: []].insert(component)
                leaves[parent, default: []].insert(component)
                deepest = max(deepest, depth)
            }
            let name = ScreenFileName(relativePath: path)
            guard name.isJSON else { continue }
            let routeSegments = name.route.split(separator: "/").map(String.init)
            if let last = routeSegments.last, PathParameter.name(ofSegment: last) != nil {
                leaves[routeSegments.dropLast().joined(separator: "/"), default: []].insert(last)
                deepest = max(deepest, routeSegments.count - 1)
            }
        }
    }

    /// Whether the folder has no valid `[name]` entry: every route is then read by its own names.
    package var isEmpty: Bool { folders.isEmpty && leaves.isEmpty }

    /// Every reading of the route `stem` (as ``ScreenFolder/stem(ofPath:)`` gives it), in the
    /// order resolution tries them: at each segment its own name first, then the folder's
    /// `[name]` entries sorted by name, depth first, so that a reading whose files answer nothing
    /// gives way to the next (backtracking). The first is always ``RouteBinding/exact(_:)``.
    package func bindings(for stem: String) -> [RouteBinding] {
        let segments = RouteBinding.segments(ofStem: stem)
        guard !isEmpty, !segments.isEmpty else { return [.exact(stem)] }
        var found: [RouteBinding] = []
        // Depth-first without recursion (a path may have thousands of segments): the names open
        // at each depth, which one is followed, and the names followed so far.
        var options: [[String]] = [self.options(at: 0, of: segments, under: [])]
        var chosen: [Int] = [0]
        var names: [String] = [""]
        while let depth = chosen.indices.last {
            guard chosen[depth] < options[depth].count else {
                options.removeLast()
                chosen.removeLast()
                names.removeLast()
                if let parent = chosen.indices.last { chosen[parent] += 1 }
                continue
            }
            names[depth] = options[depth][chosen[depth]]
            if depth == segments.count - 1 {
                found.append(RouteBinding(names: names, segments: segments, endsInParameter: chosen[depth] > 0))
                chosen[depth] += 1
            } else {
                options.append(self.options(at: depth + 1, of: segments, under: names))
                chosen.append(0)
                names.append("")
            }
        }
        return found
    }

    /// The names segment `depth` may take below the folder `names`: its own, then the folder's
    /// `[name]` entries by name.
    private func options(at depth: Int, of segments: [String], under names: [String]) -> [String] {
        let own = segments[depth]
        // Below the deepest `[name]` entry only the own name is left; not joining the names
        // there keeps a long path linear.
        guard depth <= deepest else { return [own] }
        let table = depth == segments.count - 1 ? leaves : folders
        let parameters = table[names[..<depth].joined(separator: "/")] ?? []
        return [own] + parameters.filter { $0 != own }.sorted()
    }
}
