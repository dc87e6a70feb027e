import HTTPTypes

/// A response as it went out, for the journal's HAR (Docs/Sessions.md): the head as written,
/// framing included, and the start of the body the client got, cut at ``RequestJournal/bodyLimit``.
struct JournalResponse: Sendable {
    /// The status line and header fields sent.
    let head: HTTPResponse
    /// The body the client got (half of it after `truncate`), as much as the journal keeps.
    let body: JournalBody
}
