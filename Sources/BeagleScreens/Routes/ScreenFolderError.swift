/// Why a screens folder could not be read.
package enum ScreenFolderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The screens folder does not exist.
    case folderNotFound(path: String)
    /// The path names a file, not a folder.
    case notAFolder(path: String)
    /// An images folder was given and does not exist.
    case imagesFolderNotFound(path: String)
    /// The folder exists but cannot be listed.
    case unreadable(path: String, reason: String)

    /// One line saying what is wrong and where.
    package var description: String {
        switch self {
        case .folderNotFound(let path): "screens folder '\(path)' does not exist"
        case .notAFolder(let path): "'\(path)' is a file, not a screens folder"
        case .imagesFolderNotFound(let path): "images folder '\(path)' does not exist"
        case .unreadable(let path, let reason): "cannot read folder '\(path)': \(reason)"
        }
    }
}
