/// What actually went out for one request, for the log line and the journal.
struct Delivery: Sendable {
    /// How an exchange ended (SPEC section 6's `outcome`).
    enum Outcome: String, Sendable, Codable {
        /// A whole response was sent.
        case ok
        /// The connection was reset (RST).
        case reset
        /// The connection was closed (FIN) without a whole response.
        case closed
        /// A hang reached `--hang-max` and the connection was closed.
        case hangExpired = "hang-expired"
        /// The client went away first.
        case clientGone = "client-gone"
    }

    /// The status sent, nil when no status line went out.
    var status: Int?
    /// The body bytes sent.
    var bytes: Int64
    var outcome: Outcome
}
