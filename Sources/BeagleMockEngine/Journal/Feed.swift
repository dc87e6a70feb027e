import BeagleMockHTTP
import Synchronization

/// The journal as it happens, for `GET /__admin/events` (Docs/AdminAPI.md, "The live journal"):
/// every follower gets each entry when it is written and again when it is completed.
package typealias JournalFeed = Feed<JournalEntry>

/// Events as they happen, handed to every follower: the journal's entries (``JournalFeed``), Live
/// Preview's changes. A follower that reads slower than events arrive keeps the newest ones and
/// loses the older, so no follower can hold the server's memory or slow the publisher down.
package final class Feed<Element: Sendable>: Sendable {
    /// The journal's followers may have this many entries waiting.
    static var journalBuffer: Int { 512 }

    private struct State {
        var followers: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextID = 0
        /// Set when the server stops: a stream opened after that ends at once.
        var closed = false
    }
    private let state = Mutex(State())
    private let following = Atomic<Int>(0)
    /// Events a slow follower may have waiting.
    private let followerBuffer: Int

    /// A feed whose followers may each have `followerBuffer` events waiting (1: a follower that
    /// only needs to know that something changed).
    package init(followerBuffer: Int = journalBuffer) {
        self.followerBuffer = followerBuffer
    }

    /// The first of `arrivals` (a follower's stream) that `matches` accepts, or nil once
    /// `timeout` has passed or the stream has ended.
    static func first(
        of arrivals: AsyncStream<Element>, within timeout: Duration,
        where matches: @escaping @Sendable (Element) -> Bool
    ) async -> Element? {
        await bounded(by: timeout) {
            for await event in arrivals where matches(event) { return event }
            return nil
        }
    }

    /// A new follower's events, until the stream is dropped or ``finishAll()``.
    package func follow() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self, bufferingPolicy: .bufferingNewest(followerBuffer))
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

    /// Sends `event` to every follower; costs one atomic load when nobody follows.
    func publish(_ event: Element) {
        guard isFollowed else { return }
        for continuation in state.withLock({ Array($0.followers.values) }) {
            continuation.yield(event)
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
