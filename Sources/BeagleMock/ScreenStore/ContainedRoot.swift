#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder whose files are served, and the one rule that keeps everything else out: a file is
/// found only when its real path (symlinks followed) lies inside the folder's real path at a
/// segment boundary, and no segment of that real path below the folder is hidden (a dot-name).
struct ContainedRoot: Sendable {
    /// The folder's real path, without a trailing `/` (unless it is `/` itself).
    let path: String

    /// A regular file found inside the root.
    struct Found: Sendable {
        /// The file's path: lexical when no symlink was crossed, else its real path.
        let path: String
        /// The path below the root, `/` separated (as `ScreenFileName` reads it).
        let relativePath: String
        /// The file's status, symlinks followed.
        let status: FileStatus
    }

    /// Opens a root; nil when `directory` does not exist or is not a folder.
    init?(directory: String) {
        guard let real = Self.realPath(directory), FileStatus.stat(real)?.kind == .directory else { return nil }
        self.path = real.count > 1 && real.hasSuffix("/") ? String(real.dropLast()) : real
    }

    /// Looks up `relative` (segments already free of `.`, `..`, separators and control
    /// characters; see `RequestPath`). Only regular files are returned.
    func regularFile(at relative: String) -> Found? {
        let full = prefix + relative
        guard let status = FileStatus.lstat(full) else { return nil }
        if status.kind == .regular, !crossesSymlink(relative) {
            return Found(path: full, relativePath: relative, status: status)
        }
        guard status.kind == .regular || status.kind == .symlink else { return nil }
        // A symlink somewhere on the way: judge by the real path.
        guard let real = Self.realPath(full), real.hasPrefix(prefix) else { return nil }
        let below = String(real.dropFirst(prefix.count))
        guard !below.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
            let target = FileStatus.stat(real), target.kind == .regular
        else { return nil }
        return Found(path: real, relativePath: relative, status: target)
    }

    /// Whether a directory exists at `relative` inside the root (for `R/index` candidates).
    func isDirectory(at relative: String) -> Bool {
        FileStatus.lstat(prefix + relative)?.kind == .directory
    }

    private var prefix: String { path == "/" ? "/" : path + "/" }

    /// Whether any folder on the way to `relative` is a symlink.
    private func crossesSymlink(_ relative: String) -> Bool {
        var folder = prefix
        let parts = relative.split(separator: "/")
        for part in parts.dropLast() {
            folder += part
            if FileStatus.lstat(folder)?.kind != .directory { return true }
            folder += "/"
        }
        return false
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
