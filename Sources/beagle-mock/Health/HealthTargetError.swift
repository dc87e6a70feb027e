/// Why a `--url` cannot be a health target, worded for the command line.
package struct HealthTargetError: Error, CustomStringConvertible, Equatable {
    /// The message, naming the flag and the value.
    package let description: String

    /// Wraps a message.
    package init(_ description: String) {
        self.description = description
    }
}
