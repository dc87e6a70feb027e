import BeagleMockHTTP

/// How an exchange ended: the journal's `outcome` and the log line's `outcome=` (Docs/AdminAPI.md,
/// "The request journal").
package enum Outcome: String, Sendable, Codable, CaseIterable {
    /// A whole response was sent.
    case ok
    /// The connection was reset (RST), as a fault asked.
    case reset
    /// The connection was closed (FIN) without a whole response, as a fault asked.
    case closed
    /// A hang reached `--hang-max` and the connection was closed.
    case hangExpired = "hang-expired"
    /// The client went away first.
    case clientGone = "client-gone"
    /// The server stopped before the exchange ended.
    case shutdown
    /// The server could not finish the answer (a file that shrank or became unreadable while sent).
    case serverError = "server-error"
}
