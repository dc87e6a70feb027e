import Foundation
import Synchronization

/// Tells when a served file changes (a screen, an image, the config file), once per burst of
/// changes, to every follower: the doors whose clients fetch again or are sent the screen on a
/// change (`--reload-port`, `--live-preview`, Docs/LivePreview.md), one watch for all of them.
///
/// A thread of its own waits on the folders' inotify watch (``FolderWatch``), so a save is seen as
/// the kernel reports it; where there is no watch (not Linux, a network share, too many folders)
/// it compares the folders' listing, names, sizes and times, twice a second. The config file is
/// looked at on each turn too, in case it lies outside the folders. A burst (an editor's write,
/// rename and touch) is one change, told once ``ChangeDebounce/quiet`` has passed without another.
package final class ServedFileChanges: Sendable {
    private let served: ServedFiles
    private let quiet: Duration
    /// The doors that follow the changes.
    private let feed = Feed<Void>(followerBuffer: 1)

    /// What the thread starts from, made with the value so that a change made before ``run(_:)``
    /// starts is still told.
    private let start: Start

    /// The changes of `served`'s folders and config file, told `quiet` after the last of a burst;
    /// changes count from now.
    package init(served: ServedFiles, quiet: Duration = .milliseconds(100)) {
        self.served = served
        self.quiet = quiet
        self.start = Start(served: served)
    }

    /// An element after each burst of changes, from now until ``run()`` ends.
    package func follow() -> AsyncStream<Void> {
        feed.follow()
    }

    /// Watches until the task is cancelled (once: the watch is handed to one thread), telling the
    /// followers after each burst; their streams end with it.
    package func run() async {
        let (ended, endedContinuation) = AsyncStream<Void>.makeStream()
        let stopped = StopFlag()
        let (served, quiet, start, feed) = (self.served, self.quiet, self.start, self.feed)
        let thread = Thread {
            Self.watch(served, from: start, quiet: quiet, until: { stopped.isRaised }) { feed.publish(()) }
            endedContinuation.finish()
        }
        thread.name = "beagle-mock served-file changes"
        thread.start()
        await withTaskCancellationHandler {
            for await _ in ended {}
        } onCancel: {
            stopped.raise()
            endedContinuation.finish()
        }
        stopped.raise()
        feed.finishAll()
    }

    /// The thread's loop: waits for events (at most a quarter of a second, to notice `stopped`),
    /// notes each change, and tells a burst once it is quiet.
    private static func watch(
        _ served: ServedFiles, from start: Start, quiet: Duration, until stopped: () -> Bool, tell: () -> Void
    ) {
        let roots = start.roots
        var folderWatch = start.takeWatch()
        var listing = folderWatch == nil ? start.listing : nil
        var config = start.config
        var debounce = ChangeDebounce(quiet: quiet)
        let clock = ContinuousClock()
        while !stopped() {
            let now = clock.now
            let untilDue = debounce.due.map { max(.zero, $0 - now) } ?? .milliseconds(250)
            let wait = min(untilDue, .milliseconds(250))
            var changed = false
            if let watch = folderWatch {
                if watch.wait(milliseconds: Int32(wait / .milliseconds(1))) {
                    switch watch.drain() {
                    case .none: break
                    case .changed: changed = true
                    case .unwatchable:
                        changed = true
                        folderWatch = nil
                        listing = Listing(roots: roots)
                    }
                }
            } else {
                Thread.sleep(forTimeInterval: Double(min(wait, .milliseconds(500)) / .milliseconds(1)) / 1000)
                let now = Listing(roots: roots)
                if now != listing {
                    changed = true
                    listing = now
                }
            }
            let configNow = served.configPath.flatMap { FileStatus.stat($0) }
            if configNow?.modified != config?.modified || configNow?.size != config?.size {
                changed = true
                config = configNow
            }
            if changed { debounce.changed(at: clock.now) }
            if debounce.fire(at: clock.now) { tell() }
        }
    }

    /// The watch (or, without one, the listing) and the config file's state when the value was
    /// made. The watch is handed to the thread once; from then on only the thread touches it,
    /// which is why the box may cross to it (`FolderWatch` is not thread-safe).
    private final class Start: @unchecked Sendable {
        let roots: [String]
        let listing: Listing?
        let config: FileStatus?
        private let watch: Mutex<FolderWatch?>

        init(served: ServedFiles) {
            roots = [served.screens.path] + (served.images.map { [$0.path] } ?? [])
            let watch = FolderWatch(roots: roots)
            listing = watch == nil ? Listing(roots: roots) : nil
            config = served.configPath.flatMap { FileStatus.stat($0) }
            self.watch = Mutex(watch)
        }

        /// The watch, once.
        func takeWatch() -> FolderWatch? {
            watch.withLock { watch in
                defer { watch = nil }
                return watch
            }
        }
    }

    /// Raised when the watching thread is to end.
    private final class StopFlag: Sendable {
        private let raised = Mutex(false)
        var isRaised: Bool { raised.withLock { $0 } }
        func raise() { raised.withLock { $0 = true } }
    }

    /// The names, sizes and modification times below some folders: what a change alters where
    /// no watch reports it.
    private struct Listing: Equatable {
        private var entries: [String: [Int64]] = [:]

        init(roots: [String]) {
            for root in roots {
                guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
                while let name = walker.nextObject() as? String {
                    let status = FileStatus.lstat(root + "/" + name)
                    entries[root + "/" + name] = [status?.size ?? -1, status?.modified ?? -1]
                }
            }
        }
    }
}

/// When a burst of changes is over: `quiet` after its last change. A value with the times given,
/// so that its tests choose them.
package struct ChangeDebounce: Sendable {
    /// How long after a change another still belongs to the same burst.
    package let quiet: Duration
    private var last: ContinuousClock.Instant?

    package init(quiet: Duration) {
        self.quiet = quiet
    }

    /// When the burst under way is over, if one is.
    package var due: ContinuousClock.Instant? { last.map { $0 + quiet } }

    /// A change, at `now`.
    package mutating func changed(at now: ContinuousClock.Instant) {
        last = now
    }

    /// True, once, when the burst under way is over at `now`.
    package mutating func fire(at now: ContinuousClock.Instant) -> Bool {
        guard let due, now >= due else { return false }
        last = nil
        return true
    }
}
