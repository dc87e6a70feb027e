import BeagleScreens
import Synchronization

/// The files found for routes and images, kept while the served folders stay as they were, so
/// that a request for an unchanged folder opens nothing (a screen's route costs a failed open of
/// its bare name, then the open of its JSON file, an `fstat` and a `close`).
///
/// Every request first drains the folders' ``FolderWatch``: any change there (a file written, a
/// name added, removed or renamed, a mode changed, a folder created) forgets everything kept, so
/// a request that starts after an edit looks up afresh, as the edit's event is queued before the
/// system call that made it returns. Without a watch (not Linux, a network or FUSE file system, a
/// very large tree, inotify's limits reached) nothing is kept: every request looks up and
/// revalidates, as before. A file with other hard links is not kept either: a write through a
/// name outside the folders raises no event in them.
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

    /// The most entries of each kind.
    static let capacity = 512

    private struct State {
        /// nil until the folders are watched, and once they cannot be: nothing is kept then.
        var watch: FolderWatch?
        /// Lookups still to come before the folders are watched; nil once that has been tried.
        var lookupsBeforeWatching: Int?
        /// Moves on every change, so that a lookup that began before it is not kept after it.
        var generation = 0
        var routes: [RouteKey: RouteMatch] = [:]
        var images: [String: OpenedFile] = [:]
    }

    private let roots: [String]
    private let state: Mutex<State>

    /// Lookups over the folders at `roots` (real paths), kept once `lookups` have been made
    /// (while the folders can be watched). Each watch takes one of the user's inotify instances,
    /// 128 by default, so a short-lived server (a test's) takes none.
    init(roots: [String], watchingAfter lookups: Int = 32) {
        self.roots = roots
        state = Mutex(State(lookupsBeforeWatching: lookups))
    }

    /// Whether lookups are kept (the folders are watched).
    var keepsLookups: Bool { state.withLock { $0.watch != nil } }

    /// The file for `key`, kept or found by `lookUp`.
    func route(_ key: RouteKey, lookUp: () -> RouteMatch?) -> RouteMatch? {
        kept(lookUp, file: \.file, read: { $0.routes[key] }, keep: { $0.routes.keep($1, for: key) })
    }

    /// The image at `relative`, kept or found by `lookUp`.
    func image(_ relative: String, lookUp: () -> OpenedFile?) -> OpenedFile? {
        kept(lookUp, file: \.self, read: { $0.images[relative] }, keep: { $0.images.keep($1, for: relative) })
    }

    /// What `read` finds kept while the folders are unchanged, else what `lookUp` finds (then
    /// kept by `keep` unless the folders changed meanwhile or its `file` has other hard links).
    private func kept<Value: Sendable>(
        _ lookUp: () -> Value?, file: (Value) -> OpenedFile, read: @Sendable (State) -> Value?,
        keep: @Sendable (inout State, Value) -> Void
    ) -> Value? {
        let (kept, generation) = state.withLock { state in (current(&state) ? read(state) : nil, state.generation) }
        if let kept { return kept }
        guard let found = lookUp() else { return nil }
        if file(found).status.linkCount == 1 {
            state.withLock { state in
                guard state.watch != nil, state.generation == generation else { return }
                keep(&state, found)
            }
        }
        return found
    }

    /// Drains the watch; false when nothing kept may be used (something changed, or nothing is
    /// watched).
    private func current(_ state: inout State) -> Bool {
        guard let watch = state.watch else {
            if let left = state.lookupsBeforeWatching {
                state.lookupsBeforeWatching = left > 0 ? left - 1 : nil
                // Watched from now on: what this lookup finds may be kept.
                if left == 0 { state.watch = FolderWatch(roots: roots) }
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
        }
        state.generation += 1
        state.routes = [:]
        state.images = [:]
        return false
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
