import BeagleMockHTTP

/// What actually went out for one request, for the log line and the journal.
struct Delivery: Sendable {
    /// The status sent, nil when no status line went out.
    var status: Int?
    /// The body bytes sent.
    var bytes: Int64
    /// How the exchange ended.
    var outcome: Outcome
}
