import BeagleScreens
import Foundation
import Synchronization

/// A listing of the screens and images folders, taken at most once a second: a 404's
/// suggestions and the admin's route list need it, and listing a large folder per request
/// would be slow. Serving reads only where the `[name]` entries are from it (which names a
/// path parameter may take, Docs/ScreensFolder.md), and only when a route's own names find
/// nothing; every file served is opened on disk.
final class FolderSnapshot: Sendable {
    private let screens: URL
    private let images: URL?
    private let config: URL?
    private let maximumAge: Duration
    private let latest = Mutex<(taken: ContinuousClock.Instant, folder: ScreenFolder)?>(nil)

    init(screens: String, images: String?, config: String?, maximumAge: Duration = .seconds(1)) {
        self.screens = URL(fileURLWithPath: screens)
        self.images = images.map { URL(fileURLWithPath: $0) }
        self.config = config.map { URL(fileURLWithPath: $0) }
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
        guard let folder = try? ScreenFolder(contentsOf: screens, images: images, configFile: config) else { return nil }
        latest.withLock { $0 = (now, folder) }
        return folder
    }
}
