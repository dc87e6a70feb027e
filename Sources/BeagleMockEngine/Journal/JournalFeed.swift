import BeagleMockHTTP
import Synchronization

/// The journal as it happens, for `GET /__admin/events` (Docs/AdminAPI.md, "The live journal"):
/// every follower gets each entry when it is written and again when it is completed. A follower
/// that reads slower than requests arrive keeps the newest entries and loses the older ones,
/// so no follower can hold the server's memory or slow a request down.
package final class JournalFeed: Sendable {
    /// Entries a slow follower may have waiting.
    static let followerBuffer = 512

    private struct State {
        var followers: [Int: AsyncStream<JournalEntry>.Continuation] = [:]
        var nextID = 0
        /// Set when the server stops: a stream opened after that ends at once.
        var closed = false
    }
    private let state = Mutex(State())
    private let following = Atomic<Int>(0)

    /// The first of `arrivals` (a follower's stream) that `matches` accepts, or nil once
    /// `timeout` has passed or the stream has ended.
    static func first(
        of arrivals: AsyncStream<JournalEntry>, within timeout: Duration,
        where matches: @escaping @Sendable (JournalEntry) -> Bool
    ) async -> JournalEntry? {
        await bounded(by: timeout) {
            for await entry in arrivals where matches(entry) { return entry }
            return nil
        }
    }

    /// A new follower's entries, until the stream is dropped or ``finishAll()``.
    package func follow() -> AsyncStream<JournalEntry> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: JournalEntry.self, bufferingPolicy: .bufferingNewest(Self.followerBuffer))
        let id: Int? = state.withLock { state in
            guard !state.closed else { return nil }
            defer { state.nextID += 1 }
            state.followers[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        following.add(1, ordering: .relaxed)
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            if self.state.withLock({ $0.followers.removeValue(forKey: id) }) != nil {
                self.following.subtract(1, ordering: .relaxed)
            }
        }
        return stream
    }

    /// Whether anyone follows the feed now (a `publish` would reach someone).
    var isFollowed: Bool { following.load(ordering: .relaxed) > 0 }

    /// Sends `entry` to every follower; costs one atomic load when nobody follows.
    func publish(_ entry: JournalEntry) {
        guard isFollowed else { return }
        for continuation in state.withLock({ Array($0.followers.values) }) {
            continuation.yield(entry)
        }
    }

    /// Ends every follower's stream (the server stops).
    package func finishAll() {
        let followers = state.withLock { state in
            state.closed = true
            return Array(state.followers.values)
        }
        for continuation in followers {
            continuation.finish()
        }
    }
}
