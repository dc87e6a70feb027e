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
final class FolderSnapshot: Sendable {
    private let served: ServedFiles
    private let maximumAge: Duration
    private let latest = Mutex<(taken: ContinuousClock.Instant, folder: ScreenFolder)?>(nil)

    /// A snapshot of the folders of `served`, kept for `maximumAge`.
    init(served: ServedFiles, maximumAge: Duration = .seconds(1)) {
        self.served = served
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
        let screens = URL(fileURLWithPath: served.screens.path)
        let images = served.images.map { URL(fileURLWithPath: $0.path) }
        let config = served.configPath.map { URL(fileURLWithPath: $0) }
        guard let listed = try? ScreenFolder(contentsOf: screens, images: images, configFile: config) else { return nil }
        let folder = served.servedPart(of: listed)
        latest.withLock { $0 = (now, folder) }
        return folder
    }
}
