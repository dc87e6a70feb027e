import Foundation

extension MockOperations {
    /// `GET /__admin/har`: journal entries as HAR 1.2 (Docs/Sessions.md), oldest first: the
    /// newest `limit` (at least 1; all when nil) that `filter` keeps, with an id below `before`
    /// when given, so that a long journal is read page by page.
    package func har(limit: Int? = nil, before: Int? = nil, filter: JournalFilter = .all) throws(OperationError) -> HARExport {
        try Self.check(limit: limit)
        return HARExport(entries: journal.read(limit: limit, before: before, filter: filter).entries.reversed())
    }
}
