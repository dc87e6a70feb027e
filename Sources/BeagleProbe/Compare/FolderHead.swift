/// What the folder's server sends with a route's body, and how long it waits first: the status,
/// the header fields and the latency rule `beagle-mock serve` applies to the probe's request
/// (route rules included). The command line reads them, with the server's own stages; the drift
/// check compares them with the BFF's.
package struct FolderHead: Sendable, Hashable {
    /// The status.
    package let status: Int
    /// The header fields the folder's answer carries.
    package let headers: HeaderFields
    /// The latency rule for the route; nil when the folder sets none (the mock answers at once).
    package let latency: LatencyRule?

    /// A head with `status`, `headers` and `latency`.
    package init(status: Int, headers: HeaderFields, latency: LatencyRule?) {
        self.status = status
        self.headers = headers
        self.latency = latency
    }
}

/// The folder's head for a route as the probe fetched it (its path and query, percent-encoded);
/// nil when the folder's server would not answer it as a route (`/__admin`, a path it refuses).
package typealias FolderHeadLookup = @Sendable (_ route: String) async -> FolderHead?
