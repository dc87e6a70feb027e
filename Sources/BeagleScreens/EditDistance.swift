/// Levenshtein distance, for "did you mean" suggestions (type names, routes).
enum EditDistance {
    /// The number of single-character insertions, deletions and substitutions that turn `a`
    /// into `b`, or nil as soon as it is known to exceed `limit`.
    static func between(_ a: String, _ b: String, limit: Int = .max) -> Int? {
        let source = Array(a.unicodeScalars)
        let target = Array(b.unicodeScalars)
        if abs(source.count - target.count) > limit { return nil }
        if source.isEmpty { return target.count }
        if target.isEmpty { return source.count }
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for i in 1...source.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...target.count {
                let substitution = previous[j - 1] + (source[i - 1] == target[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                rowMinimum = min(rowMinimum, current[j])
            }
            // Every later row is at least this row's minimum, so stop early on hopeless pairs.
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        let distance = previous[target.count]
        return distance <= limit ? distance : nil
    }
}
