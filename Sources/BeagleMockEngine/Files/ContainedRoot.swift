import BeagleMockHTTP
import BeagleScreens
import CSystemCalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder whose files are served, and the one rule that keeps everything else out: a file is
/// served only when the real path of what was opened (symlinks followed) lies inside the folder's
/// real path at a segment boundary, and no segment of it below the folder is hidden (a dot-name).
///
/// The file is opened first and judged by its descriptor, so the check and the read concern the
/// same file: a name swapped between a regular file and a symlink to the outside in the middle of
/// a request cannot slip the outside file past the check (Docs/ScreensFolder.md, "Path safety").
package struct ContainedRoot: Sendable {
    /// The folder's real path, without a trailing `/` (unless it is `/` itself).
    package let path: String
    /// That path with a trailing `/`: what every path inside starts with.
    private let prefix: String

    /// Opens a root; nil when `directory` does not exist or is not a folder.
    package init?(directory: String) {
        guard let real = Self.realPath(directory), FileStatus.stat(real)?.kind == .directory else { return nil }
        self.path = real.count > 1 && real.hasSuffix("/") ? String(real.dropLast()) : real
        self.prefix = path == "/" ? "/" : path + "/"
    }

    /// Opens the regular file at `relative` (segments already free of `.`, `..`, separators and
    /// control characters; see `RequestPath`), or nil when nothing servable is there.
    func regularFile(at relative: String) -> OpenedFile? {
        let path = prefix + relative
        // Non-blocking, so that a FIFO planted in the folder cannot hold the open; regular files
        // ignore the flag.
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        // Opened with no symlink on the way, what was opened is `path` itself: the root is a real
        // path and `relative` has no `.` or `..` segment, so there is no need to ask the kernel
        // (a `readlink`, the costliest call of a file served). Through a symlink, or on a kernel
        // without openat2, the file is opened as before and judged by what the kernel says.
        // withCString hands over the string's own bytes; passing `path` as is would copy them.
        var descriptor = path.withCString { beagle_open_without_symlinks($0, flags) }
        // What was opened is `path`, inside the root: only its segments below it are left to judge.
        var real: String? = path
        var inside = Self.hasNoHiddenSegment(relative.utf8)
        if descriptor < 0 {
            // Missing before any symlink: an open that follows symlinks would miss it too.
            guard errno != ENOENT, errno != ENOTDIR else { return nil }
            descriptor = path.withCString { open($0, flags) }
            guard descriptor >= 0 else { return nil }
            real = Self.path(of: descriptor)
            inside = real.map(contains) ?? false
        }
        guard let status = FileStatus.fstat(descriptor), status.kind == .regular, let real, inside else {
            close(descriptor)
            return nil
        }
        return OpenedFile(
            descriptor: descriptor, path: real, relativePath: relative, status: status, throughSymlink: real != path)
    }

    /// Whether a directory exists at `relative` inside the root (for `R/index` candidates).
    func isDirectory(at relative: String) -> Bool {
        FileStatus.lstat(prefix + relative)?.kind == .directory
    }

    /// Whether `real`, a real path, lies below the root with no hidden segment on the way: no
    /// segment below the root starts with `.`, that is, the rest neither starts with `.` nor holds
    /// `/.`. The one exception is the kubelet's data folder as the first segment, in a root the
    /// kubelet laid out (``KubeletDataFolder``): a ConfigMap's files are really there.
    func contains(_ real: String) -> Bool {
        guard real.utf8.starts(with: prefix.utf8) else { return false }
        let rest = real.utf8.dropFirst(prefix.utf8.count)
        if Self.hasNoHiddenSegment(rest) { return true }
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")), KubeletDataFolder.isDataFolderName(rest[..<slash]),
            KubeletDataFolder.isMounted(at: path)
        else { return false }
        return Self.hasNoHiddenSegment(rest[rest.index(after: slash)...])
    }

    /// Whether no segment of `relative` (a path below a root, no leading `/`) starts with `.`.
    private static func hasNoHiddenSegment(_ relative: some Sequence<UInt8>) -> Bool {
        var previous = UInt8(ascii: "/")
        for byte in relative {
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: "/") { return false }
            previous = byte
        }
        return true
    }

    /// The path the kernel has for an open descriptor: what was really opened.
    static func path(of descriptor: Int32) -> String? {
        #if canImport(Darwin)
        var buffer = [UInt8](repeating: 0, count: Int(MAXPATHLEN))
        guard fcntl(descriptor, F_GETPATH, &buffer) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        #else
        // On the stack: this runs for every file served, and a heap buffer cost a 4 KiB allocation
        // and its zeroing each time.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4097) { buffer in
            let count = readlink("/proc/self/fd/\(descriptor)", buffer.baseAddress!, buffer.count - 1)
            guard count > 0, count < buffer.count - 1 else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
        #endif
    }

    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
