import HTTPTypes

/// A response as it went out, for the journal's HAR (Docs/Sessions.md): the header fields of its
/// head (framed: `Content-Length` is there for a body of known length) and the start of the body
/// the client got, cut at ``RequestJournal/bodyLimit``. The status is the journal entry's.
struct JournalResponse: Sendable {
    /// The header fields sent.
    let fields: HTTPFields
    /// The body the client got (half of it after `truncate`), as much as the journal keeps.
    let body: JournalBody
}
