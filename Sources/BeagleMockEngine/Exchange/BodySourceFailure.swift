import BeagleMockHTTP
import Logging

/// A body's source failed after the response head went out, so the answer cannot be finished: a
/// file that shrank or became unreadable, an upstream that broke off. The journal stage logs it as
/// an error (outcome `server-error`), and the pipeline resets the connection when it asks to.
protocol BodySourceFailure: Error, CustomStringConvertible, Sendable {
    /// What failed (a file's path, an upstream's URL), for the log line's metadata.
    var logMetadata: Logger.Metadata { get }
    /// Whether the client's connection is reset (RST) rather than closed, so that no client can
    /// take what arrived for a whole body.
    var resetsConnection: Bool { get }
}

extension FileStreamError: BodySourceFailure {
    var logMetadata: Logger.Metadata { ["file": "\(path)"] }
    /// A body of two versions is reset: its length is right, so a close would pass it for whole.
    var resetsConnection: Bool {
        if case .changed = self { return true }
        return false
    }
}
