import BeagleMockHTTP

/// What is never served nor listed, wherever it lies: the TLS folder (the local CA's key and the
/// server's) and a key given with `--tls-key` (Docs/HTTPS.md, "Where the keys live").
///
/// A file is withheld when its real path lies in a withheld folder or is a withheld file, or when
/// it is a withheld file under another name (a hard link: only a file with more than one link
/// needs the `stat` that tells). Paths are compared in any letter case, as a file system that
/// ignores case opens them. Only the folders and files inside a served root are compared by path:
/// nothing else can be found through a root, so serving costs nothing more when no TLS folder or
/// key is inside one.
package struct WithheldPaths: Sendable {
    /// The withheld folders inside a served root, real paths lowercased, each with a trailing `/`.
    private let folders: [String]
    /// The withheld files inside a served root, real paths lowercased.
    private let filesInside: [String]
    /// Every withheld file as given, for a hard link found anywhere and for a file found through
    /// a symlink (its `stat` follows the links as they are now).
    private let files: [String]
    /// The withheld folders inside a served root, as given: their real path may move when a link
    /// on the way is swapped (the kubelet's `..data`), so a file found through a symlink asks anew.
    private let givenFolders: [String]

    /// Nothing withheld.
    static let none = WithheldPaths(folders: [], filesInside: [], files: [], givenFolders: [])

    /// Whether no folder is withheld, so that a writer need not ask where its folder really is.
    var withholdsNoFolder: Bool { folders.isEmpty }

    private init(folders: [String], filesInside: [String], files: [String], givenFolders: [String]) {
        self.folders = folders
        self.filesInside = filesInside
        self.files = files
        self.givenFolders = givenFolders
    }

    /// Withholds `folders` and `files`, wherever they lie; `roots` are the served folders' real
    /// paths. Paths that do not exist yet are taken as written, made absolute.
    init(folders: [String], files: [String], roots: [String]) {
        let rootPrefixes = roots.map { ($0.hasSuffix("/") ? $0 : $0 + "/").lowercased() }
        let isInside = { (path: String) in rootPrefixes.contains { path.hasPrefix($0) } }
        let inside = folders.filter { isInside(Self.real($0).lowercased() + "/") }
        self.folders = inside.map { Self.real($0).lowercased() + "/" }
        self.givenFolders = inside
        self.files = files
        self.filesInside = files.map { Self.real($0).lowercased() }.filter(isInside)
    }

    /// Whether `found` is withheld. A file found through a symlink is also judged by where the
    /// withheld folders and files are now.
    func covers(_ found: OpenedFile) -> Bool {
        if !folders.isEmpty || !filesInside.isEmpty {
            let path = found.path.lowercased()
            if folders.contains(where: { path.hasPrefix($0) }) || filesInside.contains(path) { return true }
        }
        guard found.status.linkCount > 1 || found.throughSymlink else { return false }
        if found.throughSymlink, !givenFolders.isEmpty {
            let path = found.path.lowercased()
            if givenFolders.contains(where: { path.hasPrefix(Self.real($0).lowercased() + "/") }) { return true }
        }
        return files.contains { FileStatus.stat($0)?.sameFile(as: found.status) ?? false }
    }

    /// Whether `folder`, a real path, is a withheld folder or lies in one: nothing is written there.
    func coversFolder(_ folder: String) -> Bool {
        let path = folder.lowercased() + "/"
        return folders.contains { path.hasPrefix($0) }
    }

    /// Whether `path` (a file or folder, existing or not) lies inside the folder `root`, a real path.
    static func lies(_ path: String, inside root: String) -> Bool {
        let prefix = (root.hasSuffix("/") ? root : root + "/").lowercased()
        return real(path).lowercased().hasPrefix(prefix)
    }

    /// `path` with symlinks resolved; when it does not exist, its parent's real path and its name,
    /// or the path made absolute.
    private static func real(_ path: String) -> String {
        if let real = ContainedRoot.realPath(path) { return real }
        let absolute = path.hasPrefix("/") ? path : (ContainedRoot.realPath(".") ?? "") + "/" + path
        guard let slash = absolute.lastIndex(of: "/"), slash != absolute.startIndex,
            let parent = ContainedRoot.realPath(String(absolute[..<slash]))
        else { return absolute }
        return parent + absolute[slash...]
    }
}
