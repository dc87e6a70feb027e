/// Which component on the BFF's side stands for which in the folder's, among the components at
/// one place of a component (its `children`, its `child`…).
///
/// 1. Components with the same `id` on both sides are the same component, wherever they are
///    (an `id` found twice on one side pairs nothing).
/// 2. The others keep their order: the pairing that matches the most of them, an identical
///    component counting twice as much as one of the same type, so that a component inserted
///    or removed does not shift its siblings. Two components with different `id`s never pair.
/// 3. Between two pairs, components left on both sides pair in order (a component whose type
///    changed); the rest were added (on the BFF) or removed (in the folder).
enum SiblingAlignment {
    /// One step of an alignment.
    enum Step: Equatable {
        /// The BFF's component at the first index is the folder's at the second.
        case paired(Int, Int)
        /// The BFF's component at this index has no counterpart in the folder.
        case onlyOnBFF(Int)
        /// The folder's component at this index has no counterpart on the BFF.
        case onlyInFolder(Int)

        /// Where the step goes in the result: by the BFF's index, folder-only components last.
        fileprivate var order: Int {
            switch self {
            case .paired(let bff, _), .onlyOnBFF(let bff): bff
            case .onlyInFolder: Int.max
            }
        }
    }

    /// The alignment of `bff` with `folder`, in the BFF's order, folder-only components last.
    static func align(_ bff: [ComponentOutline], _ folder: [ComponentOutline]) -> [Step] {
        var steps: [Step] = []
        let bffIDs = uniqueIDs(bff)
        let folderIDs = uniqueIDs(folder)
        var pairedBFF: Set<Int> = []
        var pairedFolder: Set<Int> = []
        for (id, bffIndex) in bffIDs {
            guard let folderIndex = folderIDs[id] else { continue }
            steps.append(.paired(bffIndex, folderIndex))
            pairedBFF.insert(bffIndex)
            pairedFolder.insert(folderIndex)
        }
        let restBFF = bff.indices.filter { !pairedBFF.contains($0) }
        let restFolder = folder.indices.filter { !pairedFolder.contains($0) }
        var gapBFF: [Int] = []
        var gapFolder: [Int] = []
        func closeGap() {
            var left = gapBFF[...]
            var right = gapFolder[...]
            while let bffIndex = left.first, let folderIndex = right.first, pairable(bff[bffIndex], folder[folderIndex]) {
                steps.append(.paired(bffIndex, folderIndex))
                left.removeFirst()
                right.removeFirst()
            }
            steps += left.map { .onlyOnBFF($0) } + right.map { .onlyInFolder($0) }
            gapBFF = []
            gapFolder = []
        }
        var cursorBFF = 0
        var cursorFolder = 0
        for (bffIndex, folderIndex) in orderedMatches(restBFF.map { bff[$0] }, restFolder.map { folder[$0] }) {
            gapBFF += restBFF[cursorBFF..<bffIndex]
            gapFolder += restFolder[cursorFolder..<folderIndex]
            closeGap()
            steps.append(.paired(restBFF[bffIndex], restFolder[folderIndex]))
            cursorBFF = bffIndex + 1
            cursorFolder = folderIndex + 1
        }
        gapBFF += restBFF[cursorBFF...]
        gapFolder += restFolder[cursorFolder...]
        closeGap()
        return steps.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element)
    }

    /// The `id`s found once among `components`, with their index.
    private static func uniqueIDs(_ components: [ComponentOutline]) -> [String: Int] {
        var seen: [String: Int?] = [:]
        for (index, component) in components.enumerated() {
            guard let id = component.id else { continue }
            seen[id] = seen[id] == nil ? index : .some(nil)
        }
        return seen.compactMapValues { $0 }
    }

    /// Whether two components may stand for each other: not when both have an `id` and the
    /// `id`s differ.
    private static func pairable(_ bff: ComponentOutline, _ folder: ComponentOutline) -> Bool {
        guard let bffID = bff.id, let folderID = folder.id else { return true }
        return bffID == folderID
    }

    /// How well two components match in order: 2 when identical, 1 for the same type, 0 when
    /// they may not pair.
    private static func score(_ bff: ComponentOutline, _ folder: ComponentOutline) -> Int {
        guard pairable(bff, folder) else { return 0 }
        if bff.fingerprint == folder.fingerprint { return 2 }
        return bff.type == folder.type ? 1 : 0
    }

    /// The order-keeping pairs of greatest total score (a weighted longest common
    /// subsequence), as index pairs in increasing order.
    private static func orderedMatches(_ bff: [ComponentOutline], _ folder: [ComponentOutline]) -> [(Int, Int)] {
        let rows = bff.count
        let columns = folder.count
        guard rows > 0, columns > 0 else { return [] }
        // best[i][j]: the best total for bff[i...] against folder[j...].
        var best = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                let pair = score(bff[i], folder[j])
                best[i][j] = max(best[i + 1][j], best[i][j + 1], pair > 0 ? pair + best[i + 1][j + 1] : 0)
            }
        }
        var matches: [(Int, Int)] = []
        var i = 0
        var j = 0
        while i < rows, j < columns {
            let pair = score(bff[i], folder[j])
            if pair > 0, best[i][j] == pair + best[i + 1][j + 1] {
                matches.append((i, j))
                i += 1
                j += 1
            } else if best[i][j] == best[i + 1][j] {
                i += 1
            } else {
                j += 1
            }
        }
        return matches
    }
}
