import BeagleMockHTTP
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file opened inside a ``ContainedRoot`` and checked by what was opened, not by its
/// name: its descriptor stays open, so the bytes served are those of the file checked, whatever
/// is renamed over the name meanwhile. Closed when the last reference goes (after the response).
package final class OpenedFile: Sendable {
    /// The open descriptor, read with `pread` so that readers share it.
    let descriptor: Int32
    /// The real path of what was opened.
    let path: String
    /// The path below its root (`catalog/item-1.json`), as asked for.
    let relativePath: String
    /// `fstat` of the open file.
    let status: FileStatus
    /// Whether a symlink was followed on the way (`path` is not the root and `relativePath`).
    let throughSymlink: Bool
    /// The `Content-Type` of the name asked for (``ContentType``), found once for a file kept
    /// between requests (``FolderLookups``).
    let contentType: String

    init(descriptor: Int32, path: String, relativePath: String, status: FileStatus, throughSymlink: Bool) {
        self.descriptor = descriptor
        self.path = path
        self.relativePath = relativePath
        self.status = status
        self.throughSymlink = throughSymlink
        let nameStart =
            relativePath.utf8.lastIndex(of: UInt8(ascii: "/")).map(relativePath.utf8.index(after:)) ?? relativePath.startIndex
        self.contentType = ContentType.forFile(named: relativePath[nameStart...])
    }

    deinit {
        close(descriptor)
    }

    /// Reads up to `count` bytes at `offset` into `target`; the number read, 0 at the end, -1 on error.
    func read(into target: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int {
        while true {
            let count = pread(descriptor, target.baseAddress, target.count, off_t(offset))
            if count < 0, errno == EINTR { continue }
            return count
        }
    }
}

extension OpenedFile {
    /// The whole file, read from its descriptor; nil on an error.
    func readAll() -> Data? {
        var data = Data(count: Int(status.size))
        let complete = data.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]), at: Int64(offset))
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        return complete ? data : nil
    }
}
