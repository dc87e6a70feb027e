import BeagleMockHTTP

/// What actually went out for one request, for the log line and the journal.
struct Delivery: Sendable {
    /// The status sent, nil when no status line went out.
    var status: Int?
    /// The body bytes sent.
    var bytes: Int64
    /// How the exchange ended.
    var outcome: Outcome
    /// The response as it went out, for the journal; nil when no status line went out.
    var response: JournalResponse? = nil
    /// When the head was due to leave: once the latency had passed, or at once without one.
    var headDue: ContinuousClock.Instant? = nil
}
