import Foundation

/// The admin API's operations on the journal and the runtime settings, apart from HTTP: the admin
/// API (`AdminAPI`) answers its endpoints with them, and `BeagleMockTesting` calls them in process,
/// so a rule (a journal filter's pattern, a settings body's validation, what a reset clears) holds
/// once for both.
package struct AdminOperations: Sendable {
    let settings: SettingsStore
    let journal: RequestJournal

    /// `GET /__admin/requests?limit=&path=`: the newest entries first, at most `limit` (at least 1),
    /// only those whose path matches the route pattern `path` (`/checkout/**`).
    package func requests(limit: Int? = nil, path pattern: String? = nil) throws(AdminQueryError) -> JournalPage {
        if let limit, limit < 1 {
            throw AdminQueryError(
                parameter: "limit", value: String(limit), message: "limit must be a whole number of at least 1, like 20")
        }
        var glob: RouteGlob?
        if let pattern {
            do {
                glob = try RouteGlob(pattern)
            } catch {
                throw AdminQueryError(
                    parameter: "path", value: pattern,
                    message: "path must be a route pattern like /checkout/** or /home: \(error.message)")
            }
        }
        let snapshot = journal.read(limit: limit, matching: glob)
        return JournalPage(
            requests: snapshot.entries, total: snapshot.total, capacity: snapshot.capacity, dropped: snapshot.dropped)
    }

    /// `DELETE /__admin/requests`: empties the journal; returns how many entries it held.
    @discardableResult
    package func clearRequests() -> Int {
        journal.clear()
    }

    /// `GET /__admin/settings`: the runtime overrides in force.
    package var runtimeSettings: RuntimeSettings {
        settings.snapshot.runtime
    }

    /// `PUT /__admin/settings`: all or nothing, from the same JSON body; returns what is now in force.
    @discardableResult
    package func replaceRuntimeSettings(json: Data) throws(RuntimeSettingsError) -> RuntimeSettings {
        let runtime = try RuntimeSettings.decode(json: json)
        settings.replaceRuntime(runtime)
        return runtime
    }

    /// `POST /__admin/reset`: empties the journal, clears the runtime overrides, the sequence
    /// counters and the scenarios' states; returns how many journal entries were cleared.
    @discardableResult
    package func reset() -> Int {
        let cleared = journal.clear()
        settings.reset()
        return cleared
    }
}

/// The body of `GET /__admin/requests`: a page of the journal and what the journal holds.
package struct JournalPage: Encodable, Sendable {
    let requests: [JournalEntry]
    /// Entries in the journal, matched or not.
    package let total: Int
    /// How many entries the journal keeps.
    package let capacity: Int
    /// Entries pushed out by newer ones since the journal was last cleared.
    package let dropped: Int
}

/// A journal query the admin API refuses with 400: which parameter, its value, and why.
package struct AdminQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `limit` or `path`.
    package let parameter: String
    /// The value given.
    package let value: String
    /// What is wrong and how to write it.
    package let message: String

    /// `path: path must be a route pattern like /checkout/** or /home: …`
    package var description: String { "\(parameter): \(message)" }
}
