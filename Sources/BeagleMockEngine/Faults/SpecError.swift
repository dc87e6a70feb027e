import BeagleMockHTTP

/// Why a latency, bandwidth, dribble, fault or rule spec was refused, in words a user can act on.
///
/// The message says what is wrong and how to write it instead; it does not say where the value came
/// from. Callers add that: a config file adds `file:line:column`, a flag adds `--latency`, a control
/// header adds its name (see ``ConfigError``, ``FlagError`` and ``RequestControlError``).
package struct SpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the value and how to fix it.
    package let message: String

    /// Creates an error with a message a user can act on.
    package init(_ message: String) {
        self.message = message
    }

    /// The message.
    package var description: String { message }
}

extension SpecError {
    /// Quotes a user's value for an error message: escapes control characters and cuts long values,
    /// so that a hostile header cannot inject lines into a log or grow an error body without bound.
    static func quote(_ value: some StringProtocol) -> String {
        let limit = 60
        let text = String(value)
        if text.count <= limit {
            return text.debugDescription
        }
        return String(text.prefix(limit)).debugDescription + "…"
    }
}
