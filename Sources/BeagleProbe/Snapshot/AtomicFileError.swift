/// A file `--save` could not write, and why.
public struct AtomicFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's path.
    public let path: String
    /// What failed, in words.
    public let reason: String

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
