/// What `/__admin/health` says about a healthy server.
package struct HealthReport: Decodable, Sendable, Equatable {
    /// `ok` when healthy.
    package let status: String
    /// The server's version.
    package let version: String?
    /// How many screens it serves.
    package let routes: Int?
    /// Seconds since it started.
    package let uptimeSeconds: Int?

    /// `0.1.0, 12 routes, up 35s`, with what the server reported.
    package var summary: String {
        var parts = [version ?? "(no version)"]
        if let routes { parts.append(routes == 1 ? "1 route" : "\(routes) routes") }
        if let uptimeSeconds { parts.append("up \(uptimeSeconds)s") }
        return parts.joined(separator: ", ")
    }
}
