import BeagleMockHTTP
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
///
/// A version is one state of the file, never a mix of two: a file is read once it has been left
/// alone for ``quietTime`` (a writer that rewrites it in place, chunk after chunk, is still at
/// work), and the read is kept only when the file's status is the same after it as before (after
/// a quiet time, any write during the read moves the file's times, however coarsely they tick).
/// A file still changing after ``longestWait`` is not served (``Read/changing``); a large file,
/// streamed later, is checked against its version's hash as it goes (``FileStreamer``).
package final class FileCache: Sendable {
    /// Files up to this size are kept in memory; larger ones are streamed.
    let largestCachedFile: Int64
    /// The memory the cached contents may take in all.
    let capacity: Int

    private struct State {
        var entries: [String: CachedFile] = [:]
        var storedBytes = 0
    }
    private let state = Mutex(State())
    /// The meter of the route a file answers, kept with the file read (``CachedFile/meter``).
    private let meters: (@Sendable (OpenedFile) -> RouteMeter)?

    init(
        largestCachedFile: Int64 = 1 << 20, capacity: Int = 256 << 20,
        meters: (@Sendable (OpenedFile) -> RouteMeter)? = nil
    ) {
        self.largestCachedFile = largestCachedFile
        self.capacity = capacity
        self.meters = meters
    }

    /// How long a file must have been left alone before it is read: a writer that pauses longer
    /// between two writes is taken to have finished.
    static let quietTime: Duration = .milliseconds(50)
    /// How long a request waits for a file that keeps changing.
    static let longestWait: Duration = .seconds(2)

    /// What reading a file gave.
    enum Read: Sendable {
        case file(CachedFile)
        /// It cannot be read.
        case unreadable
        /// It changed during every read: it is being written.
        case changing
    }

    /// The current version of a file opened by `ContainedRoot`, read from its descriptor (never
    /// reopened by name).
    func file(_ opened: OpenedFile) async -> Read {
        if let cached = state.withLock({ $0.entries[opened.path] }), cached.trusted,
            cached.status.sameVersion(as: opened.status)
        {
            return .file(cached)
        }
        let fresh = await whole(opened)
        if case .file(let file) = fresh { store(file, at: opened.path) }
        return fresh
    }

    /// One version of `opened`: read once it has been quiet for ``quietTime``, and again until
    /// its status is the same after a read as before it, for ``longestWait`` at most.
    private func whole(_ opened: OpenedFile) async -> Read {
        let clock = ContinuousClock()
        let deadline = clock.now + Self.longestWait
        while true {
            guard let before = FileStatus.fstat(opened.descriptor) else { return .unreadable }
            let quietFor = Duration.nanoseconds(HTTPDate.nowNanoseconds() - max(before.modified, before.changed))
            // A time in the future (a clock set back, `touch -d`) tells nothing: the read's own check decides.
            if quietFor >= .zero, quietFor < Self.quietTime {
                let left = deadline - clock.now
                guard left > .zero else { return .changing }
                do {
                    try await Task.sleep(for: min(Self.quietTime - quietFor, left))
                } catch {
                    return .changing
                }
                continue
            }
            let read: CachedFile?
            let meter = meters?(opened)
            if before.size > largestCachedFile {
                read =
                    (try? await NIOThreadPool.singleton.runIfActive {
                        Self.hashLargeFile(opened, status: before, meter: meter)
                    }) ?? nil
            } else {
                read = Self.readSmallFile(opened, status: before, meter: meter)
            }
            guard let read, let after = FileStatus.fstat(opened.descriptor) else { return .unreadable }
            if after.sameVersion(as: before) { return .file(read) }
            guard clock.now < deadline else { return .changing }
        }
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

    private static func readSmallFile(_ opened: OpenedFile, status: FileStatus, meter: RouteMeter?) -> CachedFile? {
        var buffer = ByteBufferAllocator().buffer(capacity: Int(status.size))
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
            status: status, bytes: buffer, hash: ContentHash(of: buffer.readableBytesView),
            contentType: opened.contentType, readAt: HTTPDate.nowNanoseconds(), meter: meter)
    }

    private static func hashLargeFile(_ opened: OpenedFile, status: FileStatus, meter: RouteMeter?) -> CachedFile? {
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
            status: status, bytes: nil, hash: hash, contentType: opened.contentType, readAt: HTTPDate.nowNanoseconds(),
            meter: meter)
    }
}
