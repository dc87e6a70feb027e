/// A file `--save` could not write, and why.
package struct AtomicFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's path.
    package let path: String
    /// What failed, in words.
    package let reason: String

    /// `path: reason`.
    package var description: String { "\(path): \(reason)" }
}
