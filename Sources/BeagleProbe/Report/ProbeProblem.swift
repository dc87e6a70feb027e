/// Something wrong with one fetched screen or image.
package struct ProbeProblem: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How bad a problem is.
    package enum Severity: String, Sendable, Hashable, Codable {
        /// The app breaks here: a fetch that fails, a screen that does not decode, a type Beagle
        /// does not know, an image that does not load. The probe exits with 1.
        case error
        /// Worth a look, but the app works (a `custom:` type the probe cannot know, a file not
        /// saved).
        case warning
    }

    /// Error or warning.
    package let severity: Severity
    /// What happened, in words.
    package let message: String

    /// An error saying `message`.
    package static func error(_ message: String) -> ProbeProblem {
        ProbeProblem(severity: .error, message: message)
    }

    /// A warning saying `message`.
    package static func warning(_ message: String) -> ProbeProblem {
        ProbeProblem(severity: .warning, message: message)
    }

    /// The message, with `warning: ` in front of warnings.
    package var description: String {
        severity == .warning ? "warning: \(message)" : message
    }
}
