import BeagleMockHTTP
import BeagleScreens
import Foundation
import Synchronization

/// A listing of the screens and images folders, taken at most once a second: a 404's
/// suggestions and the admin's route list need it, and listing a large folder per request
/// would be slow. Serving reads only where the `[name]` entries are from it (which names a
/// path parameter may take, Docs/ScreensFolder.md), and only when a route's own names find
/// nothing; every file served is opened on disk.
///
/// The listing keeps only the files serving would answer with (`ServedFiles`, the same check), so
/// that no listed route answers 404: a link to a dot-file or out of the root, a hard link of the
/// config file.
///
/// While the folders are watched (``FolderLookups/generation()``), a listing stays the one
/// ``fresh()`` gives until something in them changes, when each of its files was found plainly
/// (``ServedFiles/survey(_:)``) and still has one link: a new hard link made through a name
/// elsewhere raises no event in the folders, but shows in the file's link count.
final class FolderSnapshot: Sendable {
    private struct Listing {
        let taken: ContinuousClock.Instant
        let folder: ScreenFolder
        /// The folders' generation the listing holds for; nil when it must be taken again.
        let generation: Int?
    }

    private let served: ServedFiles
    private let changes: FolderLookups?
    private let maximumAge: Duration
    private let latest = Mutex<Listing?>(nil)

    /// A snapshot of the folders of `served`, kept for `maximumAge`, and while `changes` tells of
    /// no change.
    init(served: ServedFiles, changes: FolderLookups? = nil, maximumAge: Duration = .seconds(1)) {
        self.served = served
        self.changes = changes
        self.maximumAge = maximumAge
    }

    /// The folders as listed within the last `maximumAge`; nil when the screens folder is gone.
    func current() -> ScreenFolder? {
        let now = ContinuousClock.now
        if let latest = latest.withLock({ $0 }), now - latest.taken < maximumAge { return latest.folder }
        return fresh()
    }

    /// The folders as listed now (the admin's route list, which a user checks right after adding a
    /// file); nil when the screens folder is gone.
    func fresh() -> ScreenFolder? {
        let now = ContinuousClock.now
        let generation = changes?.generation()
        if let generation, let kept = latest.withLock({ $0 }), kept.generation == generation,
            Self.singleLinked(kept.folder)
        {
            return kept.folder
        }
        let screens = URL(fileURLWithPath: served.screens.path)
        let images = served.images.map { URL(fileURLWithPath: $0.path) }
        let config = served.configPath.map { URL(fileURLWithPath: $0) }
        guard let listed = try? ScreenFolder(contentsOf: screens, images: images, configFile: config) else { return nil }
        let (folder, plain) = served.survey(listed)
        latest.withLock { $0 = Listing(taken: now, folder: folder, generation: plain ? generation : nil) }
        return folder
    }

    /// Whether every file of `folder` still has one link.
    private static func singleLinked(_ folder: ScreenFolder) -> Bool {
        (folder.files + folder.images).allSatisfy { FileStatus.stat($0.url.path)?.linkCount == 1 }
    }
}
