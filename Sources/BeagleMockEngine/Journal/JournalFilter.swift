import Foundation
import HTTPTypes

/// Which journal entries a read keeps (Docs/AdminAPI.md, "The request journal"; Docs/Sessions.md):
/// a route pattern for the path, a method, a status, the platform a client declared
/// (`beagle-platform`), and a time range. Every condition given must hold; none given keeps all.
package struct JournalFilter: Sendable {
    var path: RouteGlob?
    /// Upper case.
    var method: String?
    var status: Int?
    /// Lower case (`ios`, `android`, `web`).
    var platform: String?
    /// The earliest time kept, inclusive.
    var from: Date?
    /// The time before which entries are kept, exclusive.
    var to: Date?

    /// Keeps every entry.
    package static let all = JournalFilter()

    private init() {}

    /// A filter from what a door received, checked: `path` a route pattern (`/checkout/**`),
    /// `from` and `to` ISO 8601 times (`2026-11-29T10:00:00Z`, fractions of a second allowed).
    package init(
        path: String? = nil, method: String? = nil, status: Int? = nil, platform: String? = nil, from: String? = nil,
        to: String? = nil
    ) throws(OperationError) {
        self.path = try path.map { pattern throws(OperationError) in try Self.glob(pattern) }
        if method?.isEmpty == true {
            throw OperationError(.invalid, field: "method", value: "", "method must name a method, like POST")
        }
        if platform?.isEmpty == true {
            throw OperationError(.invalid, field: "platform", value: "", "platform must name a platform, like IOS")
        }
        self.method = method?.uppercased()
        if let status, !(100...599).contains(status) {
            throw OperationError(
                .invalid, field: "status", value: String(status), "status must be an HTTP status from 100 to 599, like 503")
        }
        self.status = status
        self.platform = platform?.lowercased()
        self.from = try from.map { text throws(OperationError) in try Self.time(text, field: "from") }
        self.to = try to.map { text throws(OperationError) in try Self.time(text, field: "to") }
    }

    /// Whether `entry` meets every condition.
    func matches(_ entry: JournalEntry) -> Bool {
        if let path, !path.matches(path: entry.path) { return false }
        if let method, entry.method.rawValue != method { return false }
        if let status, entry.status != status { return false }
        if let platform, entry.platform?.lowercased() != platform { return false }
        if let from, entry.time < from { return false }
        if let to, entry.time >= to { return false }
        return true
    }

    static func glob(_ pattern: String) throws(OperationError) -> RouteGlob {
        do {
            return try RouteGlob(pattern)
        } catch {
            throw OperationError(
                .invalid, field: "path", value: pattern,
                "path must be a route pattern like /checkout/** or /home: \(error.message)")
        }
    }

    private static func time(_ text: String, field: String) throws(OperationError) -> Date {
        if let time = (try? Date(text, strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true)))
            ?? (try? Date(text, strategy: .iso8601))
        {
            return time
        }
        throw OperationError(
            .invalid, field: field, value: text, "\(field) must be an ISO 8601 time, like 2026-11-29T10:00:00Z")
    }
}
