import Foundation

/// What a screens folder served by `beagle-mock serve` answers to a GET for a route from a
/// platform.
package enum FolderAnswer: Sendable, Hashable {
    /// The body the mock sends, from the file at `file` (relative to the screens folder).
    case served(Data, file: String)
    /// No file answers: the mock says 404.
    case missing
    /// A file answers, but what the mock sends cannot be known here (a template, rendered for
    /// each request; a file that cannot be read): `reason` says why.
    case unknown(file: String, reason: String)

    /// The file that answers, if one does.
    package var file: String? {
        switch self {
        case .served(_, let file), .unknown(let file, _): file
        case .missing: nil
        }
    }
}
