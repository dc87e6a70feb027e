import BeagleMockHTTP
import Crypto
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The screens folder's list of files served as they are, never rendered as templates
/// (Docs/Templates.md, "Files served as they are"): `.beagle-mock-verbatim` at the folder's top,
/// one line a file, the SHA-256 of its bytes and its path as `sha256sum` writes them:
///
///     3f1c…e2  profile.json
///
/// `--record` adds a line for each file it saves whose bytes hold `{{`, so that the recorded
/// folder serves back the bytes the upstream sent (a recorded `{{request.headers.authorization}}`
/// is text, not a value). A file is verbatim only while its bytes are those listed: an edit (to
/// make a recorded file a template on purpose) ends it, and a line can never turn a file the user
/// wrote into something else.
package final class VerbatimList: Sendable {
    /// The list's name in the screens folder; hidden, so it is never served or listed as a route.
    static let fileName = ".beagle-mock-verbatim"
    /// The longest list read (about 100,000 lines): a longer one is read as empty, so every file
    /// with `{{` is a template again.
    static let largestList = 8 << 20

    /// The screens folder's real path.
    let root: String
    /// The list's path, made once: every template request looks at its status.
    private let path: String

    private struct Read {
        /// The status of the list when it was read; nil when there is none.
        var status: FileStatus?
        /// The digests listed for each path.
        var entries: [String: Set<String>] = [:]
    }
    private let read = Mutex(Read())
    /// Held while the list is rewritten, so two recordings cannot lose each other's line.
    private let writing = Mutex(())

    /// The list of the screens folder at `root` (a real path).
    init(root: String) {
        self.root = root
        self.path = root + "/" + Self.fileName
    }

    /// Whether the file at `relativePath` (below the screens folder) with `bytes` is listed.
    func contains(_ relativePath: String, bytes: some Sequence<UInt8>) -> Bool {
        let digests = entries()[relativePath] ?? []
        return !digests.isEmpty && digests.contains(Self.digest(of: bytes))
    }

    /// Whether the file at `relativePath` whose digest `digest()` gives is listed; `digest` is
    /// called only when the path is.
    func contains(_ relativePath: String, digest: () -> String) -> Bool {
        guard let digests = entries()[relativePath], !digests.isEmpty else { return false }
        return digests.contains(digest())
    }

    /// Adds `bytes` at `relativePath` to the list, rewriting it atomically; a line already there
    /// is not written twice.
    func add(_ relativePath: String, bytes: some Sequence<UInt8>) throws(FileWriteError) {
        let digest = Self.digest(of: bytes)
        try writing.withLock { _ throws(FileWriteError) in
            let current = Self.load(root: root)
            if current.entries[relativePath]?.contains(digest) == true { return }
            let text = Self.text(current.text, adding: [(relativePath, digest)])
            _ = try ContainedFileWriter(root: root, forbidden: nil).write(Array(text.utf8), as: [Self.fileName], overwrite: true)
        }
    }

    /// The list `text` with a line for each file and digest of `entries` it does not have yet.
    static func text(_ text: String, adding entries: [(relativePath: String, digest: String)]) -> String {
        var listed = parse(text)
        var text = text
        for (relativePath, digest) in entries where listed[relativePath]?.contains(digest) != true {
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
            text += "\(digest)  \(relativePath)\n"
            listed[relativePath, default: []].insert(digest)
        }
        return text
    }

    /// The text of the list in the screens folder at `root` (a real path), empty when it has none.
    static func currentText(root: String) -> String { load(root: root).text }

    /// The SHA-256 of `bytes` in lower-case hex, as `sha256sum` prints it.
    static func digest(of bytes: some Sequence<UInt8>) -> String {
        var hash = SHA256()
        hash.update(data: Array(bytes))
        return hash.finalize().map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// The list as on disk now: read again only when its status changed.
    private func entries() -> [String: Set<String>] {
        let status = FileStatus.lstat(path)
        if let known = read.withLock({ $0.status == status ? $0.entries : nil }) { return known }
        let loaded = Self.load(root: root)
        read.withLock { $0 = Read(status: status, entries: loaded.entries) }
        return loaded.entries
    }

    /// The list's text and entries; empty when there is none, it is not a regular file (a symlink
    /// is not followed), or it is larger than ``largestList``.
    private static func load(root: String) -> (text: String, entries: [String: Set<String>]) {
        let descriptor = open(root + "/" + fileName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return ("", [:]) }
        defer { close(descriptor) }
        guard let status = FileStatus.fstat(descriptor), status.kind == .regular, status.size <= largestList else {
            return ("", [:])
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.size))
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(descriptor, base + count, buffer.count - count, off_t(count))
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        let text = String(decoding: bytes[..<count], as: UTF8.self)
        return (text, parse(text))
    }

    /// The entries of `text`: lines of 64 hex digits, two spaces (or a space and `*`, as
    /// `sha256sum --binary` writes) and a path; other lines (comments with `#`) are skipped.
    static func parse(_ text: String) -> [String: Set<String>] {
        var entries: [String: Set<String>] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            guard line.utf8.count > 66, !line.hasPrefix("#") else { continue }
            let digest = line.prefix(64)
            let separator = line.dropFirst(64).prefix(2)
            guard digest.utf8.allSatisfy({ $0.hexDigitValue != nil }), separator == "  " || separator == " *" else { continue }
            entries[String(line.dropFirst(66)), default: []].insert(digest.lowercased())
        }
        return entries
    }
}
