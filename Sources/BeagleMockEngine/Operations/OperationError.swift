import BeagleMockHTTP
import BeagleScreens

/// Why an operation (``MockOperations``) did nothing: each door says it in its own protocol (the
/// REST admin API as a status and a JSON error, MCP as a tool error, BeagleMockTesting as a thrown
/// error), from the same kind and words.
package struct OperationError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Kind: Sendable, Hashable {
        /// The input is wrong (REST: 400); `field` names the parameter or field when one is.
        case invalid
        /// What was asked for is not there (REST: 404).
        case notFound
        /// The server cannot do it now (REST: 500): the screens folder cannot be listed, say.
        case unavailable
    }

    package let kind: Kind
    /// The parameter or field at fault, like `limit`, `route` or `faults[1]`.
    package let field: String?
    /// The value given for `field`, as it came.
    package let value: String?
    /// What is wrong and how to fix it.
    package let message: String
    /// Names close to the one asked for (a scenario, a route).
    package var suggestions: [String] = []
    /// What `validate` found, when that is why.
    package var diagnostics: [Diagnostic] = []

    package init(_ kind: Kind, field: String? = nil, value: String? = nil, _ message: String) {
        self.kind = kind
        self.field = field
        self.value = value
        self.message = message
    }

    /// `field: message`, or the message alone.
    package var description: String { field.map { "\($0): \(message)" } ?? message }
}
