#if canImport(Glibc)
import BeagleMockHTTP
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file `--record` saves atomically and never outside its folder (Docs/Proxy.md, "Grow
/// your mock from the real BFF").
///
/// The folders on the way are opened one at a time from the root's descriptor without following
/// symlinks (and made when missing), so a symlink planted in the folder cannot lead a write
/// elsewhere. The bytes go to a hidden temporary file in the target's folder, which then takes the
/// target's name: by `rename` to replace a file, by `link` to add one only when none exists (an
/// existing file is kept even if it appears meanwhile). A reader sees the old file or the new one
/// whole, never part of one.
struct ContainedFileWriter: Sendable {
    /// The folder's real path.
    let root: String
    /// A file never written whatever it is called (the config file's real path).
    let forbidden: String?
    /// Folders never written into (the TLS folder).
    var withheld: WithheldPaths = .none

    /// What a write did.
    enum Result: Sendable, Equatable {
        case written
        /// A file of that name exists and was kept.
        case kept
    }

    /// Whether each file is flushed to disk before it takes its name. A writer of many files into
    /// a folder nobody reads yet (an import's staging folder) flushes the folder once instead.
    var syncsEachFile = true

    /// Writes `bytes` as `segments` (already safe names) below the root.
    func write(_ bytes: [UInt8], as segments: [String], overwrite: Bool) throws(FileWriteError) -> Result {
        guard let name = segments.last else { throw FileWriteError("no file name") }
        var made: [String] = []
        let folder = try openFolder(segments.dropLast(), made: &made)
        defer { close(folder) }
        if forbidden != nil || !withheld.withholdsNoFolder, let path = ContainedRoot.path(of: folder) {
            if let forbidden, path + "/" + name == forbidden { throw FileWriteError("\(name) is the config file") }
            if withheld.coversFolder(path) { throw FileWriteError("\(name) would be written inside the TLS folder") }
        }
        let temporary = ".beagle-mock-record-\(UInt64.random(in: 0...UInt64.max))"
        let file = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw .failed("cannot create a temporary file") }
        let complete = writeAll(bytes, to: file)
        let synced = !syncsEachFile || fsync(file) == 0
        close(file)
        guard complete, synced else {
            unlinkat(folder, temporary, 0)
            throw .failed("cannot write \(name)")
        }
        if overwrite {
            guard renameat(folder, temporary, folder, name) == 0 else {
                let error = FileWriteError.failed("cannot replace \(name)")
                unlinkat(folder, temporary, 0)
                throw error
            }
            return .written
        }
        defer { unlinkat(folder, temporary, 0) }
        guard linkat(folder, temporary, folder, name, 0) == 0 else {
            if errno == EEXIST { return .kept }
            throw .failed("cannot create \(name)")
        }
        return .written
    }

    /// Opens the folder `segments` below the root, one segment at a time without following
    /// symlinks, making each missing one (its path below the root appended to `made`); the caller
    /// closes the descriptor.
    func openFolder(_ segments: some Collection<String>, made: inout [String]) throws(FileWriteError) -> Int32 {
        var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw .failed("cannot open the folder \(root)") }
        var below = ""
        for segment in segments {
            below += (below.isEmpty ? "" : "/") + segment
            var next = openat(folder, segment, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0, errno == ENOENT {
                if mkdirat(folder, segment, 0o755) == 0 {
                    made.append(below)
                } else if errno != EEXIST {
                    let error = FileWriteError.failed("cannot make the folder \(segment)")
                    close(folder)
                    throw error
                }
                next = openat(folder, segment, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard next >= 0 else {
                let error = FileWriteError.failed("cannot enter \(segment) (a symlink or not a folder)")
                close(folder)
                throw error
            }
            close(folder)
            folder = next
        }
        return folder
    }
}

/// Why a recording could not be written.
struct FileWriteError: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    /// `what`, with the system's reason from `errno`.
    static func failed(_ what: String) -> FileWriteError {
        FileWriteError("\(what): \(String(cString: strerror(systemError())))")
    }
}

/// The calling thread's `errno`, read outside any type with a member of that name.
private func systemError() -> Int32 { errno }

/// Writes all of `bytes` to `descriptor`; false when the system refuses.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer -> Bool in
        guard let base = buffer.baseAddress else { return true }
        var written = 0
        while written < buffer.count {
            let count = write(descriptor, base + written, buffer.count - written)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }
}
