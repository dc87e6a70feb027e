extension Sequence {
    /// The elements grouped by `key`, groups in the order their first element comes, each group's
    /// elements in their order: a session's answers by file, its files by route, its skips by reason.
    func groupedInOrder<Key: Hashable>(by key: (Element) -> Key) -> [(key: Key, elements: [Element])] {
        var positions: [Key: Int] = [:]
        var groups: [(key: Key, elements: [Element])] = []
        for element in self {
            let found = key(element)
            if let position = positions[found] {
                groups[position].elements.append(element)
            } else {
                positions[found] = groups.count
                groups.append((found, [element]))
            }
        }
        return groups
    }
}
