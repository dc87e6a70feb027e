/// Why a health check failed, in one line.
package struct HealthCheckFailure: Error, CustomStringConvertible, Equatable {
    /// The reason, without the URL (the caller adds it).
    package let description: String

    /// Wraps a reason.
    package init(_ description: String) {
        self.description = description
    }
}
