import BeagleMockHTTP

/// The closest of `names` to a misspelt `word`, when close enough to be a likely typo (an edit
/// distance of at most 2, or 1 for short words), for "did you mean" hints.
func closestName(to word: String, among names: [String]) -> String? {
    let lowered = word.lowercased()
    var best: (name: String, distance: Int)?
    for name in names {
        let distance = editDistance(lowered, name.lowercased())
        if distance < (best?.distance ?? Int.max) {
            best = (name, distance)
        }
    }
    guard let best else { return nil }
    let allowed = min(2, max(1, word.count / 3))
    return best.distance <= allowed ? best.name : nil
}

/// Levenshtein distance over characters, with adjacent swaps counting once (`lantecy` → `latency`).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // Config keys are short; cap the work for hostile input.
    if a.count > 64 || b.count > 64 { return max(a.count, b.count) }
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
            }
        }
    }
    return table[a.count][b.count]
}
