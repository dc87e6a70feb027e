/// A request the admin API refuses with 400, with the admin API's message: which field or query
/// parameter, and why.
public struct MockAdminError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field or parameter, like `latency`, `faults[1]` or `path`; nil when the whole is wrong.
    public let field: String?
    /// What is wrong and how to fix it.
    public let message: String

    /// `faults[0]: unknown fault "boom"; …`
    public var description: String {
        field.map { "\($0): \(message)" } ?? message
    }
}
