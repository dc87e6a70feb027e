import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File contents kept between requests and revalidated on every one against the `fstat` of the
/// file it opened (or that ``FolderLookups`` kept, unchanged since): a request always sees the
/// file as it is on disk now (edits, renames, same-size edits within the same second), yet an
/// unchanged file is read once.
final class FileCache: Sendable {
    /// Files up to this size are kept in memory; larger ones are streamed.
    let largestCachedFile: Int64
    /// The memory the cached contents may take in all.
    let capacity: Int

    private struct State {
        var entries: [String: CachedFile] = [:]
        var storedBytes = 0
    }
    private let state = Mutex(State())

    init(largestCachedFile: Int64 = 1 << 20, capacity: Int = 256 << 20) {
        self.largestCachedFile = largestCachedFile
        self.capacity = capacity
    }

    /// The current version of a file opened by `ContainedRoot`, read from its descriptor (never
    /// reopened by name); nil when it cannot be read.
    func file(_ opened: OpenedFile) async -> CachedFile? {
        if let cached = state.withLock({ $0.entries[opened.path] }), cached.trusted,
            cached.status.sameVersion(as: opened.status)
        {
            return cached
        }
        let fresh: CachedFile?
        if opened.status.size > largestCachedFile {
            fresh = try? await NIOThreadPool.singleton.runIfActive { Self.hashLargeFile(opened) } ?? nil
        } else {
            fresh = Self.readSmallFile(opened)
        }
        guard let fresh else { return nil }
        store(fresh, at: opened.path)
        return fresh
    }

    /// Drops everything (tests, and memory pressure).
    func removeAll() {
        state.withLock { $0 = State() }
    }

    private func store(_ file: CachedFile, at path: String) {
        state.withLock { state in
            let added = file.bytes?.readableBytes ?? 0
            if let old = state.entries.updateValue(file, forKey: path) {
                state.storedBytes -= old.bytes?.readableBytes ?? 0
            }
            state.storedBytes += added
            if state.storedBytes > capacity {
                // Evict until a quarter is free: cheap, and a mock's working set is small.
                for (key, entry) in state.entries where key != path {
                    state.entries[key] = nil
                    state.storedBytes -= entry.bytes?.readableBytes ?? 0
                    if state.storedBytes <= capacity / 4 * 3 { break }
                }
            }
        }
    }

    private static func readSmallFile(_ opened: OpenedFile) -> CachedFile? {
        var buffer = ByteBufferAllocator().buffer(capacity: Int(opened.status.size))
        var offset: Int64 = 0
        while true {
            var result = 0
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 16 << 10) { target in
                result = opened.read(into: target, at: offset)
                return max(result, 0)
            }
            if result < 0 { return nil }
            if result == 0 { break }
            offset += Int64(result)
        }
        return CachedFile(
            status: opened.status, bytes: buffer, hash: ContentHash(of: buffer.readableBytesView),
            contentType: opened.contentType, readAt: HTTPDate.nowNanoseconds())
    }

    private static func hashLargeFile(_ opened: OpenedFile) -> CachedFile? {
        var hash = ContentHash()
        var chunk = [UInt8](repeating: 0, count: 256 << 10)
        var offset: Int64 = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { opened.read(into: $0, at: offset) }
            if count < 0 { return nil }
            if count == 0 { break }
            hash.update(with: chunk[0..<count])
            offset += Int64(count)
        }
        return CachedFile(
            status: opened.status, bytes: nil, hash: hash, contentType: opened.contentType, readAt: HTTPDate.nowNanoseconds())
    }
}
