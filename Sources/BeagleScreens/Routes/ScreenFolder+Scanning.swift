import Foundation

extension ScreenFolder {
    /// The name of the config file, never listed as a file to serve.
    package static let configFileName = "beagle-mock.yml"

    /// Lists a screens folder and its images folder from disk.
    ///
    /// - Parameters:
    ///   - root: the screens folder.
    ///   - images: the images folder; by default the `images` folder next to `root`, if it
    ///     exists. One given here must exist.
    ///   - configFile: a config file to leave out wherever it is; `beagle-mock.yml` at the
    ///     root is always left out.
    ///
    /// Left out as well: dot-files and dot-folders (`.git/`, `.DS_Store`), symbolic links to
    /// folders (no loops), and symbolic links to files outside the folder they are in. In a folder
    /// the kubelet laid out (``KubeletDataFolder``), a symbolic link at the top into its data
    /// folder is followed, to a folder as to a file: that is how a projected volume's `guides/`
    /// appears (`guides -> ..data/guides`).
    package init(contentsOf root: URL, images: URL? = nil, configFile: URL? = nil) throws(ScreenFolderError) {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw .folderNotFound(path: root.path)
        }
        guard isDirectory.boolValue else { throw .notAFolder(path: root.path) }

        var imagesRoot: URL?
        if let images {
            var imagesIsDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: images.path, isDirectory: &imagesIsDirectory), imagesIsDirectory.boolValue
            else { throw .imagesFolderNotFound(path: images.path) }
            imagesRoot = images
        } else {
            let sibling = root.standardizedFileURL.deletingLastPathComponent().appendingPathComponent("images")
            var siblingIsDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: sibling.path, isDirectory: &siblingIsDirectory), siblingIsDirectory.boolValue,
                Self.realPath(sibling) != Self.realPath(root)
            {
                imagesRoot = sibling
            }
        }

        var excluded: Set<String> = [Self.realPath(root.appendingPathComponent(Self.configFileName))]
        if let configFile { excluded.insert(Self.realPath(configFile)) }
        let relativePaths = try Self.listFiles(in: root, excluding: excluded)
        let imagePaths =
            try imagesRoot.map { folder throws(ScreenFolderError) in try Self.listFiles(in: folder, excluding: excluded) } ?? []
        self.init(root: root, relativePaths: relativePaths, imagesRoot: imagesRoot, imagePaths: imagePaths)
    }

    /// The path with symbolic links resolved, for comparing files by identity.
    static func realPath(_ url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Relative paths of the regular files under `folder`, sorted.
    static func listFiles(in folder: URL, excluding excluded: Set<String>) throws(ScreenFolderError) -> [String] {
        let fileManager = FileManager.default
        let folderRealPath = realPath(folder)
        let topLevel: [String]
        do {
            topLevel = try fileManager.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw .unreadable(path: folder.path, reason: error.localizedDescription)
        }
        let dataFolder = KubeletDataFolder.isMounted(at: folder.path) ? folderRealPath + "/" : nil
        var found: [String] = []
        // Depth-first over (relative directory, its entries); unreadable subfolders are skipped.
        var pending: [(String, [String])] = [("", topLevel)]
        while let (directory, entries) = pending.popLast() {
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                let relative = directory.isEmpty ? entry : directory + "/" + entry
                let url = folder.appendingPathComponent(relative)
                guard let attributes = try? fileManager.attributesOfItem(atPath: url.path),
                    let type = attributes[.type] as? FileAttributeType
                else { continue }
                switch type {
                case .typeDirectory:
                    if let children = try? fileManager.contentsOfDirectory(atPath: url.path) {
                        pending.append((relative, children))
                    }
                case .typeRegular:
                    if !excluded.contains(realPath(url)) { found.append(relative) }
                case .typeSymbolicLink:
                    let target = realPath(url)
                    var targetIsDirectory: ObjCBool = false
                    guard target.hasPrefix(folderRealPath + "/"), !excluded.contains(target),
                        fileManager.fileExists(atPath: target, isDirectory: &targetIsDirectory)
                    else { continue }
                    guard targetIsDirectory.boolValue else {
                        found.append(relative)
                        continue
                    }
                    // Only the kubelet's links at the top, into its data folder: it writes real
                    // folders there, so no loop can follow.
                    if directory.isEmpty, let dataFolder,
                        KubeletDataFolder.isDataFolderName(
                            target.utf8.dropFirst(dataFolder.utf8.count).prefix { $0 != UInt8(ascii: "/") }),
                        let children = try? fileManager.contentsOfDirectory(atPath: target)
                    {
                        pending.append((relative, children))
                    }
                default:
                    continue
                }
            }
        }
        return found.sorted()
    }
}
