import BeagleMockHTTP
import BeagleScreens

/// What the folders serve: the one check that serving and every listing of routes (the admin's
/// route list, a 404's suggestions, the inventory) share, so that a route is listed exactly when
/// it can answer (Docs/ScreensFolder.md, "Path safety").
///
/// A file is served when its root finds it (`ContainedRoot`: inside the root with symlinks
/// followed, no dot-name on the way), when it is not the config file under any name (its own, a
/// symlink or a hard link), and, in the screens folder, when it is not named like a config file at
/// the root (`beagle-mock.yml`, `beagle-mock.yaml`), in case the config in force is another; and
/// when it is not withheld (``WithheldPaths``: the TLS folder and keys).
package struct ServedFiles: Sendable {
    /// The screens folder.
    package let screens: ContainedRoot
    /// The images folder served under `/images`, if there is one.
    package let images: ContainedRoot?
    /// The config file as given, never served whatever it is called; asked anew where it matters,
    /// as a link on its way may be swapped (the kubelet's `..data`).
    let configPath: String?
    /// The TLS folder and keys, never served wherever they lie.
    package let withheld: WithheldPaths
    /// Its real path when the store was made, lowercased once, for the comparison every served
    /// screen file goes through.
    private let lowercasedConfigPath: String?
    /// Whether that path is ASCII, so that only a path of its length can lowercase to it.
    private let configPathIsASCII: Bool

    init(screens: ContainedRoot, images: ContainedRoot?, configPath: String?, withheld: WithheldPaths = .none) {
        self.screens = screens
        self.images = images
        self.configPath = configPath
        self.withheld = withheld
        self.lowercasedConfigPath = configPath.map { ContainedRoot.realPath($0) ?? $0 }?.lowercased()
        self.configPathIsASCII = !(lowercasedConfigPath?.utf8.contains { $0 >= 0x80 } ?? false)
    }

    /// Names that are never served from the screens root, in case the config in force is another.
    private static let configNames: Set<String> = ["beagle-mock.yml", "beagle-mock.yaml"]

    /// Whether `name`, a path below the screens root, is named like a config file at the root, in
    /// any letter case (on a file system that ignores case, `BEAGLE-MOCK.yml` opens the config).
    static func isConfigName(_ name: String) -> Bool {
        // Every candidate of every request asks: most names are ruled out by their length.
        mayLowercase(name, toLengths: 15...16) && configNames.contains(name.lowercased())
    }

    /// Whether `text` lowercased could be an ASCII text of one of `lengths`, as far as lengths
    /// tell: lowercasing ASCII keeps the length, but a non-ASCII letter can lowercase to an ASCII
    /// one (the Kelvin sign to `k`), so a text with one is not ruled out.
    private static func mayLowercase(_ text: String, toLengths lengths: ClosedRange<Int>) -> Bool {
        lengths.contains(text.utf8.count) || text.utf8.contains { $0 >= 0x80 }
    }

    /// The file at `relative` in the screens folder, or nil when it is not served.
    func screenFile(at relative: String) -> OpenedFile? {
        guard !Self.isConfigName(relative), let found = screens.regularFile(at: relative), !isConfig(found),
            !withheld.covers(found)
        else {
            return nil
        }
        return found
    }

    /// The file at `relative` in the images folder, or nil when it is not served.
    func imageFile(at relative: String) -> OpenedFile? {
        guard let found = images?.regularFile(at: relative), !isConfig(found), !withheld.covers(found) else { return nil }
        return found
    }

    /// The first served file answering a route bound to `binding` (its own names, or `[name]`
    /// entries) for `method` (nil for GET and HEAD), in the order of Docs/ScreensFolder.md, "File
    /// names are routes". A route ending in a parameter has no plain asset: `[id]` is a folder or
    /// a JSON file's stem, never a file of that name.
    func firstFile(binding: RouteBinding, platform: BeaglePlatform?, method: String?)
        -> (RouteCandidates.Candidate, OpenedFile)?
    {
        for candidate in RouteCandidates(route: binding.stem, platform: platform, method: method) {
            guard !(candidate.isAsset && binding.endsInParameter),
                candidate.readsAsBuilt,
                let found = screenFile(at: candidate.relativePath)
            else { continue }
            return (candidate, found)
        }
        return nil
    }

    /// `folder` without the files that are not served, and without routes a request cannot reach
    /// (a config name at the root is refused before any file is looked up).
    func servedPart(of folder: ScreenFolder) -> ScreenFolder {
        survey(folder).served
    }

    /// `folder`'s served part, and whether each of its files was found plainly: served, with no
    /// symlink on the way and no other hard link (a config name at the root aside). Only then does
    /// the served part change with nothing but events in the folders (``FolderSnapshot``): a
    /// symlink's target or another link to a file may change elsewhere.
    func survey(_ folder: ScreenFolder) -> (served: ScreenFolder, plain: Bool) {
        var plain = true
        let isServed = { (found: OpenedFile?) -> Bool in
            guard let found else {
                plain = false
                return false
            }
            if found.throughSymlink || found.status.linkCount != 1 { plain = false }
            return true
        }
        let files = folder.files.filter {
            !Self.isConfigName(String($0.name.route.dropFirst())) && isServed(screenFile(at: $0.relativePath))
        }
        let images = folder.images.filter { isServed(imageFile(at: $0.relativePath)) }
        let served = ScreenFolder(
            root: folder.root, relativePaths: files.map(\.relativePath), imagesRoot: folder.imagesRoot,
            imagePaths: images.map(\.relativePath))
        return (served, plain)
    }

    /// Whether `found` is the config file, under any name. It is either found by its real path,
    /// or it has another name: a hard link (more than one link), or a symlink, whose target may
    /// have moved since (the kubelet swaps the folder a ConfigMap's files are in). Only those two
    /// cases need a `stat`, so serving a plain file costs nothing extra.
    private func isConfig(_ found: OpenedFile) -> Bool {
        guard let configPath, let lowercasedConfigPath else { return false }
        // In any letter case: a file system that ignores case opens the config by either name.
        let length = lowercasedConfigPath.utf8.count
        if !configPathIsASCII || Self.mayLowercase(found.path, toLengths: length...length),
            found.path.lowercased() == lowercasedConfigPath
        {
            return true
        }
        guard found.status.linkCount > 1 || found.throughSymlink, let config = FileStatus.stat(configPath) else {
            return false
        }
        return config.sameFile(as: found.status)
    }
}
