/// Why a probe cannot start: a start URL, depth, timeout or platform that makes no sense.
package struct ProbeConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and how to write it instead.
    package let description: String

    /// An error saying `description`.
    package init(_ description: String) {
        self.description = description
    }
}
