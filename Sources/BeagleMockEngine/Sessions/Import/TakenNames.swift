import BeagleScreens

/// The names an import's files take below the folder, as files and as the folders on their way,
/// so that no two files of one import need one name as a file and as a folder (`catalog` served
/// as is, and `catalog/item-1.json`), and each other body of a route gets a free name.
struct TakenNames {
    private var files: Set<String> = []
    private var folders: Set<String> = []

    /// Takes `path` for a file; nil when it could, else why not.
    mutating func claim(_ path: String) -> String? {
        if files.contains(path) { return "\(path) is another file of the import" }
        if folders.contains(path) { return "\(path) is a folder of another file of the import" }
        let segments = path.split(separator: "/")
        var folder = ""
        var found: [String] = []
        for segment in segments.dropLast() {
            folder += (folder.isEmpty ? "" : "/") + segment
            if files.contains(folder) { return "\(folder) is a file of the import, and \(path) needs it as a folder" }
            found.append(folder)
        }
        files.insert(path)
        folders.formUnion(found)
        return nil
    }

    /// Takes a free name for the `number`-th body of the route whose file is `target`
    /// (`feed.ios.json` → `feed.2.ios.json`, `banner.png` → `banner.2.png`), one that neither
    /// no other file of this import has (`feed.2-2.ios.json` when a route `/feed.2` took the first);
    /// nil when none of the first twenty is free.
    mutating func claimStep(
        _ number: Int, of target: RecordTarget, method: String, platform: BeaglePlatform?
    ) -> String? {
        guard let name = target.segments.last else { return nil }
        let folder = target.segments.dropLast().joined(separator: "/")
        let (stem, suffix) = Self.split(name, method: method, platform: platform)
        for attempt in 1...20 {
            let marker = attempt == 1 ? "\(number)" : "\(number)-\(attempt)"
            let candidate = stem + "." + marker + suffix
            guard candidate.utf8.count <= 255 else { return nil }
            let path = folder.isEmpty ? candidate : folder + "/" + candidate
            if files.contains(path) || folders.contains(path) { continue }
            if claim(path) == nil { return path }
        }
        return nil
    }

    /// A file name as the part before a step's number and the part after: a screen's suffixes
    /// (`.post.ios.json`), an asset's extension (`.png`), or nothing.
    static func split(_ name: String, method: String, platform: BeaglePlatform?) -> (String, String) {
        if name.hasSuffix(".json") {
            let suffix =
                (method == "GET" ? "" : "." + method.lowercased()) + (platform.map { "." + $0.fileSuffix } ?? "") + ".json"
            if name.hasSuffix(suffix), name.count > suffix.count { return (String(name.dropLast(suffix.count)), suffix) }
        }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return (String(name[..<dot]), String(name[dot...]))
        }
        return (name, "")
    }
}
