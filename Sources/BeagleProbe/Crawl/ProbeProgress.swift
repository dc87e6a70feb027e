/// One step of a running probe, for a progress line: a fetch that starts (no result yet) or
/// one that has finished.
package struct ProbeProgress: Sendable {
    /// How many fetches have finished, this one included when it has a result.
    package let completed: Int
    /// How many fetches are known so far (the crawl finds more as it goes).
    package let total: Int
    /// Screen, lazy component or image.
    package let kind: ProbeItemKind
    /// The route or URL fetched.
    package let route: String
    /// The outcome, once the fetch has finished.
    package let result: ProbeResult?
}
