import BeagleScreens

/// A file of a snapshot: in its `screens/` or `images/` folder, at a relative path.
struct SnapshotFile: Sendable, Hashable {
    /// The screens folder or the images folder.
    let location: ScreenFile.Location
    /// The path below that folder, with `/` separators.
    let relativePath: String

    /// The path below the snapshot folder: `screens/catalog.json`, `images/logo.png`.
    var snapshotPath: String { location.rawValue + "/" + relativePath }

    /// The path compared for clashes: case-folded where the file system usually is
    /// case-insensitive (macOS), as is elsewhere.
    var clashKey: String {
        #if canImport(Darwin)
        return snapshotPath.lowercased()
        #else
        return snapshotPath
        #endif
    }
}
