/// Why an import stopped with nothing written (Docs/Sessions.md, "Exit codes"): a flag, an
/// archive that cannot be read, files of the folder it would replace, or a failed write. The
/// message says what and where, and how to go on.
package struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in one line or a few.
    package let message: String

    init(_ message: String) {
        self.message = message
    }

    /// A flag's value that cannot be used.
    static func usage(_ message: String) -> ImportError { ImportError(message) }

    package var description: String { message }
}
