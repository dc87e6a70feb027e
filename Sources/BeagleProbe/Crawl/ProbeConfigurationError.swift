/// Why a probe cannot start: a start URL, depth, timeout or platform that makes no sense.
public struct ProbeConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and how to write it instead.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
