/// The fetches of one route that ``RouteTimer`` timed: how long each that answered took, and why
/// the others failed.
package struct TimedFetches: Sendable, Hashable {
    /// How long each fetch that got a 2xx answer took, from the request to the end of its body,
    /// in the order made.
    package var durations: [Duration] = []
    /// Why each other fetch failed, in words (`HTTP 503`, `timeout: …`).
    package var failures: [String] = []

    /// Fetches with these times and failures.
    package init(durations: [Duration] = [], failures: [String] = []) {
        self.durations = durations
        self.failures = failures
    }
}
