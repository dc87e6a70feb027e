import Foundation

/// What a file of an import meets in the folder it goes into (Docs/Sessions.md, "Into a folder
/// that exists"): nothing, the same bytes (left as they are), another file (replaced only with
/// `--force`), or something no file can replace (a folder, or a file or symlink where the import
/// needs a folder).
enum ExistingFile: Sendable, Equatable {
    case none
    case same
    case other
    case blocked(String)

    /// What is at `relative` below `root` (a real path), for a file of `size` bytes whose
    /// SHA-256 is `digest`. Nothing on the way is followed: a symlink is what it is.
    static func at(_ relative: String, in root: String, size: Int, digest: String) -> ExistingFile {
        var folder = root
        let segments = relative.split(separator: "/")
        for segment in segments.dropLast() {
            folder += "/" + segment
            switch FileStatus.lstat(folder)?.kind {
            case nil: return .none
            case .directory: continue
            case .symlink: return .blocked("\(relative) would be written through the symlink \(segment)")
            default: return .blocked("\(relative) needs \(segment) as a folder, and it is a file")
            }
        }
        let path = root + "/" + relative
        guard let status = FileStatus.lstat(path) else { return .none }
        switch status.kind {
        case .directory: return .blocked("\(relative) is a folder")
        case .regular:
            guard status.size == Int64(size), let data = FileManager.default.contents(atPath: path) else { return .other }
            return VerbatimList.digest(of: data) == digest ? .same : .other
        default:
            return .other
        }
    }
}
