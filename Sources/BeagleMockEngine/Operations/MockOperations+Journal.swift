import BeagleMockHTTP
import Foundation
import HTTPTypes

extension MockOperations {
    /// `GET /__admin/requests`: the newest entries first, at most `limit` (at least 1), only those
    /// `filter` keeps, and with `before` only those with a smaller id.
    package func requests(limit: Int? = nil, before: Int? = nil, filter: JournalFilter = .all) throws(OperationError)
        -> JournalPage
    {
        try Self.check(limit: limit)
        let snapshot = journal.read(limit: limit, before: before, filter: filter)
        return JournalPage(
            requests: snapshot.entries, total: snapshot.total, capacity: snapshot.capacity, dropped: snapshot.dropped)
    }

    static func check(limit: Int?) throws(OperationError) {
        if let limit, limit < 1 {
            throw OperationError(
                .invalid, field: "limit", value: String(limit), "limit must be a whole number of at least 1, like 20")
        }
    }

    /// `GET /__admin/requests/{id}`: one journal entry.
    package func request(id: Int) throws(OperationError) -> JournalEntry {
        guard let entry = journal.entry(id) else {
            throw OperationError(
                .notFound, value: String(id),
                "no request \(id) in the journal: it was cleared, pushed out by newer requests, or never made")
        }
        return entry
    }

    /// `DELETE /__admin/requests`: empties the journal; returns how many entries it held.
    @discardableResult
    package func clearRequests() -> Int {
        journal.clear()
    }

    /// The longest ``waitForRequest(path:method:after:timeout:)`` waits.
    package static let longestWait: Duration = .seconds(300)

    /// Waits until a request matching `path` (a route pattern) and `method` has been answered, one
    /// made after the call or, with `after`, one in the journal after that id; at most `timeout`
    /// (more than 0, at most 300 s). Ends when the calling task is cancelled.
    package func waitForRequest(path pattern: String, method: String?, after: Int?, timeout: Duration)
        async throws(OperationError) -> JournalEntry
    {
        let glob = try JournalFilter.glob(pattern)
        guard timeout > .zero, timeout <= Self.longestWait else {
            throw OperationError(
                .invalid, field: "timeoutSeconds",
                "must be more than 0 and at most \(Self.longestWait.components.seconds) seconds")
        }
        let method = method?.uppercased()
        // A request counts once answered (the journal also tells of it as it arrives).
        let matches = { @Sendable (entry: JournalEntry) in
            entry.outcome != nil && glob.matches(path: entry.path) && (method == nil || entry.method.rawValue == method)
        }
        // Followed first, so that no request slips between the look at the journal and the wait.
        let arrivals = journal.feed.follow()
        if let after, let found = journal.read(matching: glob).entries.reversed().first(where: { $0.id > after && matches($0) }) {
            return found
        }
        guard let found = await JournalFeed.first(of: arrivals, within: timeout, where: matches) else {
            let what = method.map { "\($0) request" } ?? "request"
            throw OperationError(.notFound, "no \(what) matching \(pattern) within \(Self.seconds(timeout)) s")
        }
        return found
    }

    /// `duration` in seconds as a user wrote it: `10`, `0.3`.
    private static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// The body of `GET /__admin/requests`: a page of the journal and what the journal holds.
package struct JournalPage: Encodable, Sendable {
    package let requests: [JournalEntry]
    /// Entries in the journal, matched or not.
    package let total: Int
    /// How many entries the journal keeps.
    package let capacity: Int
    /// Entries pushed out by newer ones since the journal was last cleared.
    package let dropped: Int
}
