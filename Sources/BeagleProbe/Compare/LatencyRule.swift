/// A latency rule of the screens folder, as the mock applies it to a route: the rule as the
/// config file writes it, and the waits it draws nine times in ten or more.
package struct LatencyRule: Sendable, Hashable {
    /// The rule in its string form: `80ms`, `100ms..400ms`, `lognormal:120ms,0.4`.
    package let written: String
    /// The waits the rule usually draws: a fixed wait itself, a uniform range whole, a
    /// log-normal's 5th to 95th percentile.
    package let usualRange: ClosedRange<Duration>

    /// A rule written `written` that usually draws within `usualRange`.
    package init(written: String, usualRange: ClosedRange<Duration>) {
        self.written = written
        self.usualRange = usualRange
    }
}
