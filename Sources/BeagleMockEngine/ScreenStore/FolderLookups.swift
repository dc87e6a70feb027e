import BeagleMockHTTP
import BeagleScreens
import Synchronization

/// The files found for routes and images, kept while the served folders stay as they were, so
/// that a request for an unchanged folder opens nothing (a screen's route costs a failed open of
/// its bare name, then the open of its JSON file, an `fstat` and a `close`).
///
/// Every request first drains the folders' ``FolderWatch``: any change there (a file written, a
/// name added, removed or renamed, a mode changed, a folder created, a parent folder renamed)
/// forgets everything kept, so a request that starts after an edit looks up afresh, as the edit's
/// event is queued before the system call that made it returns. A kept file's inode is watched as
/// well, from before it is kept: a write or a new hard link through a name outside the folders
/// raises no event in them, but does on the inode. (Each use of a kept file had been checked with
/// an `fstat`, a system call a request.)
///
/// Kept only: a file reached without a symlink (a link retargeted in a place that is not
/// watched raises no event), with no other hard link, and for a route, found by its own names
/// (which `[name]` entry answers comes from a listing that may be a second old). Without a watch
/// (not Linux, a network or FUSE file system, a very large tree, inotify's limits reached) nothing
/// is kept: every request looks up, as before; watching is tried again later, after twice as many
/// lookups each time it fails.
final class FolderLookups: Sendable {
    /// What a route's lookup is asked with.
    struct RouteKey: Hashable, Sendable {
        let route: String
        let platform: BeaglePlatform?
        /// nil for GET and HEAD.
        let method: String?
    }

    /// The file found for a route, with its candidate and the values of its parameters.
    typealias RouteMatch = (candidate: RouteCandidates.Candidate, file: OpenedFile, binding: RouteBinding)

    /// The most entries of each kind, each holding a descriptor open.
    static let capacity = 256
    /// The most lookups between two attempts to watch the folders.
    static let longestWait = 1 << 16

    private struct State {
        /// nil until the folders are watched, and while they cannot be: nothing is kept then.
        var watch: FolderWatch?
        /// Lookups still to come before the next attempt to watch the folders.
        var lookupsBeforeWatching: Int
        /// Attempts to watch that failed in a row.
        var failedWatches = 0
        /// Moves on every change and every new watch, so that a lookup that began before either
        /// is not kept after it.
        var generation = 0
        var routes: [RouteKey: RouteMatch] = [:]
        var images: [String: OpenedFile] = [:]
    }

    private let roots: [String]
    /// Lookups before the first attempt to watch.
    private let firstWait: Int
    private let state: Mutex<State>

    /// Lookups over the folders at `roots` (real paths), kept once `lookups` have been made
    /// (while the folders can be watched). Each watch takes one of the user's inotify instances,
    /// 128 by default, so a short-lived server (a test's) takes none.
    init(roots: [String], watchingAfter lookups: Int = 32) {
        self.roots = roots
        self.firstWait = lookups
        state = Mutex(State(lookupsBeforeWatching: lookups))
    }

    /// Whether lookups are kept (the folders are watched).
    var keepsLookups: Bool { state.withLock { $0.watch != nil } }

    /// The folders' generation once the watch is drained: the same number as long as nothing in
    /// them changed, so that what was read of them under it may be kept (``FolderSnapshot``); nil
    /// while they are not watched. Counts as a lookup towards the first attempt to watch.
    func generation() -> Int? {
        state.withLock { state in
            _ = current(&state)
            return state.watch == nil ? nil : state.generation
        }
    }

    /// The file for `key`, kept or found by `lookUp`.
    func route(_ key: RouteKey, lookUp: () -> RouteMatch?) -> RouteMatch? {
        kept(
            lookUp, file: \.file, keepable: { $0.binding.parameters.isEmpty }, read: { $0.routes[key] },
            keep: { $0.routes.keep($1, for: key) })
    }

    /// The image at `relative`, kept or found by `lookUp`.
    func image(_ relative: String, lookUp: () -> OpenedFile?) -> OpenedFile? {
        kept(
            lookUp, file: \.self, keepable: { _ in true }, read: { $0.images[relative] },
            keep: { $0.images.keep($1, for: relative) })
    }

    /// What `read` finds kept while the folders are unchanged and its `file` is the version kept,
    /// else what `lookUp` finds (then kept by `keep` when it may be and the folders did not change
    /// meanwhile).
    private func kept<Value: Sendable>(
        _ lookUp: () -> Value?, file: (Value) -> OpenedFile, keepable: (Value) -> Bool, read: @Sendable (State) -> Value?,
        keep: @Sendable (inout State, Value) -> Void
    ) -> Value? {
        let (kept, generation) = state.withLock { state in (current(&state) ? read(state) : nil, state.generation) }
        if let kept { return kept }
        guard let found = lookUp() else { return nil }
        let opened = file(found)
        if keepable(found), !opened.throughSymlink, opened.status.linkCount == 1 {
            state.withLock { state in
                guard let watch = state.watch, state.generation == generation else { return }
                // Its inode watched first, then compared with the version found: a change before
                // the watch shows there, one after it raises an event.
                guard watch.watchFile(opened.descriptor), Self.unchanged(opened) else { return }
                keep(&state, found)
            }
        }
        return found
    }

    /// Whether `file` is still the version found, with no other hard link.
    private static func unchanged(_ file: OpenedFile) -> Bool {
        guard let now = FileStatus.fstat(file.descriptor) else { return false }
        return now.linkCount == 1 && now.sameVersion(as: file.status)
    }

    /// Drains the watch, or tries to make one when it is time; false when nothing kept may be used
    /// (something changed, or nothing is watched).
    private func current(_ state: inout State) -> Bool {
        guard let watch = state.watch else {
            if state.lookupsBeforeWatching > 0 {
                state.lookupsBeforeWatching -= 1
            } else if let watch = FolderWatch(roots: roots) {
                // Watched from now on: what this lookup finds may be kept, not what one that
                // began before finds.
                state.watch = watch
                state.failedWatches = 0
                state.generation += 1
            } else {
                Self.waitLonger(&state, firstWait: firstWait)
            }
            return false
        }
        switch watch.drain() {
        case .none:
            return true
        case .changed:
            break
        case .unwatchable:
            state.watch = nil
            Self.waitLonger(&state, firstWait: firstWait)
        }
        state.generation += 1
        state.routes = [:]
        state.images = [:]
        return false
    }

    /// Waits twice as many lookups as last time before trying to watch again.
    private static func waitLonger(_ state: inout State, firstWait: Int) {
        state.failedWatches += 1
        let shift = min(state.failedWatches, 16)
        state.lookupsBeforeWatching = min(max(firstWait, 1) << shift, longestWait)
    }
}

extension Dictionary {
    /// Keeps `value` for `key`, forgetting everything first when ``FolderLookups/capacity`` is
    /// reached (a mock's working set is small).
    fileprivate mutating func keep(_ value: Value, for key: Key) {
        if count >= FolderLookups.capacity { removeAll() }
        self[key] = value
    }
}
