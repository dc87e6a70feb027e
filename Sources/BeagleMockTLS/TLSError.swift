import BeagleMockHTTP

/// A problem with a certificate, a key or the TLS folder: the file and what is wrong with it.
package struct TLSError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder, when the problem has one.
    package let file: String?
    /// What is wrong, as a sentence without the file.
    package let problem: String

    package init(file: String?, problem: String) {
        self.file = file
        self.problem = problem
    }

    package var description: String {
        guard let file else { return problem }
        return "\(file): \(problem)"
    }
}
