/// One step of a running probe, for a progress line: a fetch that starts (no result yet) or
/// one that has finished.
public struct ProbeProgress: Sendable {
    /// How many fetches have finished, this one included when it has a result.
    public let completed: Int
    /// How many fetches are known so far (the crawl finds more as it goes).
    public let total: Int
    /// Screen, lazy component or image.
    public let kind: ProbeItemKind
    /// The route or URL fetched.
    public let route: String
    /// The outcome, once the fetch has finished.
    public let result: ProbeResult?
}
