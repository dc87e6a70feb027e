import BeagleMockHTTP
import Foundation
import Synchronization

/// The request journal (Docs/AdminAPI.md): the newest requests the server has read, in a bounded
/// ring, for `GET /__admin/requests`.
///
/// Every request but preflights and the admin API's own is written once read and completed once
/// answered. Writers never wait long: the lock is held to append or update one entry (a copy of a
/// struct whose request and response bodies are at most 64 KiB each, shared rather than copied),
/// and readers filter under it without encoding. Ids are consecutive, so completing an entry finds its slot by arithmetic; an
/// entry pushed out of the ring (or cleared) before its request ends is simply not completed.
package final class RequestJournal: Sendable {
    /// The most body bytes an entry keeps (Docs/AdminAPI.md).
    static let bodyLimit = 64 << 10

    private let state: Mutex<State>
    /// The entries as they are written and completed, for followers of the live journal.
    package let feed = JournalFeed()

    /// A read of the journal: entries newest first, and what the journal holds.
    struct Snapshot: Sendable {
        /// The entries that matched, newest first.
        let entries: [JournalEntry]
        /// Entries in the journal, matched or not.
        let total: Int
        /// How many entries the journal keeps.
        let capacity: Int
        /// Entries pushed out by newer ones since the journal was last cleared.
        let dropped: Int
    }

    private struct State: Sendable {
        var capacity: Int
        /// Oldest first from `start`, wrapping; holds `min(written, capacity)` entries.
        var slots: [JournalEntry] = []
        var start = 0
        var nextID = 1
        var dropped = 0

        /// The id of the oldest entry kept (ids of kept entries are consecutive).
        var oldestID: Int { nextID - slots.count }

        /// The slot of entry `id`, if it is still kept.
        func slot(of id: Int) -> Int? {
            let offset = id - oldestID
            guard offset >= 0, offset < slots.count else { return nil }
            return (start + offset) % slots.count
        }

        /// The newest entries first, at most `limit`, with an id below `before`, that `keeps`.
        func read(limit: Int?, before: Int?, where keeps: (JournalEntry) -> Bool) -> Snapshot {
            var found: [JournalEntry] = []
            let wanted = min(limit ?? slots.count, slots.count)
            found.reserveCapacity(min(wanted, 64))
            // Entries with ids at or above `before` are skipped by arithmetic, not looked at.
            var back = before.map { max(0, nextID - $0) } ?? 0
            while found.count < wanted, back < slots.count {
                let entry = slots[(start + slots.count - 1 - back) % slots.count]
                back += 1
                if keeps(entry) { found.append(entry) }
            }
            return Snapshot(entries: found, total: slots.count, capacity: capacity, dropped: dropped)
        }

        /// The entries oldest first.
        var ordered: [JournalEntry] {
            Array(slots[start...] + slots[..<start])
        }
    }

    /// A journal keeping the newest `capacity` entries (at least one).
    package init(capacity: Int) {
        state = Mutex(State(capacity: max(1, capacity)))
    }

    /// How many entries the journal keeps.
    var capacity: Int { state.withLock { $0.capacity } }

    /// Writes a request that has just been read; returns its id for ``complete(_:status:bytes:duration:outcome:)``.
    func begin(_ entry: consuming JournalEntry) -> Int {
        // Moved into its slot, not copied; a copy for the live feed only when someone follows it.
        var pending: JournalEntry? = entry
        let (id, published) = state.withLock { state -> (Int, JournalEntry?) in
            var entry = pending.take()!
            let id = state.nextID
            entry.id = id
            entry.time = Date()
            state.nextID += 1
            let published = feed.isFollowed ? entry : nil
            if state.slots.count < state.capacity {
                state.slots.append(consume entry)
            } else {
                state.slots[state.start] = consume entry
                state.start = (state.start + 1) % state.slots.count
                state.dropped += 1
            }
            return (id, published)
        }
        if let published { feed.publish(published) }
        return id
    }

    /// Notes how request `id` ended (the response that went out, and how long after the request
    /// arrived its head was due); nothing when it has left the journal meanwhile.
    func complete(
        _ id: Int, status: Int?, bytes: Int64, duration: Duration, outcome: Outcome, response: JournalResponse? = nil,
        untilHead: Duration? = nil
    ) {
        let milliseconds = AccessLog.millisecondsValue(duration)
        let untilHead = untilHead.map { AccessLog.millisecondsValue($0) }
        let completed: JournalEntry? = state.withLock { state in
            guard let slot = state.slot(of: id) else { return nil }
            state.slots[slot].status = status
            state.slots[slot].bytes = bytes
            state.slots[slot].durationMs = milliseconds
            state.slots[slot].outcome = outcome
            state.slots[slot].response = response
            state.slots[slot].untilHeadMs = untilHead
            // A copy for the live feed only when someone follows it.
            return feed.isFollowed ? state.slots[slot] : nil
        }
        if let completed { feed.publish(completed) }
    }

    /// Marks the entry `id` as answered by the upstream, saved as `recorded` when it was.
    func noteProxied(_ id: Int, recorded: String?) {
        state.withLock { state in
            guard let slot = state.slot(of: id) else { return }
            state.slots[slot].proxied = true
            state.slots[slot].recorded = recorded
        }
    }

    /// The newest entries first, at most `limit`, only those whose path `glob` matches.
    func read(limit: Int? = nil, matching glob: RouteGlob? = nil) -> Snapshot {
        state.withLock { state in
            state.read(limit: limit, before: nil) { entry in glob?.matches(path: entry.path) ?? true }
        }
    }

    /// The newest entries first, at most `limit`, only those `filter` keeps, and with `before`
    /// only those with a smaller id (the next page of a long journal).
    func read(limit: Int? = nil, before: Int? = nil, filter: JournalFilter) -> Snapshot {
        state.withLock { state in state.read(limit: limit, before: before, where: filter.matches) }
    }

    /// Entry `id`, if the journal still holds it.
    func entry(_ id: Int) -> JournalEntry? {
        state.withLock { state in state.slot(of: id).map { state.slots[$0] } }
    }

    /// Empties the journal; returns how many entries it held. Ids go on from where they were.
    @discardableResult
    func clear() -> Int {
        state.withLock { state in
            defer {
                state.slots.removeAll()
                state.start = 0
                state.dropped = 0
            }
            return state.slots.count
        }
    }

    /// Keeps the newest `capacity` entries from now on (a reloaded `journalSize`).
    package func resize(to capacity: Int) {
        let capacity = max(1, capacity)
        state.withLock { state in
            guard capacity != state.capacity else { return }
            var ordered = state.ordered
            if ordered.count > capacity {
                state.dropped += ordered.count - capacity
                ordered.removeFirst(ordered.count - capacity)
            }
            state.slots = ordered
            state.start = 0
            state.capacity = capacity
        }
    }
}
