import BeagleMockHTTP
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an open file in chunks on NIO's thread pool, so that a large file is never whole in
/// memory and a slow disk never blocks the request tasks. It reads the descriptor the store
/// opened and checked, never the name again.
///
/// A file written while it is sent could go out half old, half new under the old version's
/// `ETag`. With the `expected` hash of the version announced, the streamer hashes what it reads
/// and holds the last chunk back until the whole body has that hash: a body that does not ends in
/// a reset instead (``FileStreamError/changed(_:)``), so no client takes a mix of two versions for
/// a whole answer.
struct FileStreamer: Sendable {
    let file: OpenedFile
    let size: Int64
    /// The hash of the whole body, when the bytes sent are the whole file.
    var expected: ContentHash?
    var chunkSize = 128 << 10

    /// Calls `send` with each chunk in order; returns the bytes sent. Stops at `size` even if
    /// the file grew, so the body matches the `Content-Length` already sent.
    @discardableResult
    func stream(_ send: (ByteBuffer) async throws -> Void) async throws -> Int64 {
        var offset: Int64 = 0
        var hash = ContentHash()
        while offset < size {
            let want = Int(min(Int64(chunkSize), size - offset))
            let start = offset
            let file = self.file
            let (chunk, failed) = try await NIOThreadPool.singleton.runIfActive {
                var failed = false
                var buffer = ByteBufferAllocator().buffer(capacity: want)
                buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: want) { target in
                    let count = file.read(into: UnsafeMutableRawBufferPointer(rebasing: target[..<want]), at: start)
                    failed = count < 0
                    return max(count, 0)
                }
                return (buffer, failed)
            }
            if failed { throw FileStreamError.unreadable(file.path) }
            guard chunk.readableBytes > 0 else { throw FileStreamError.shrank(file.path) }
            offset += Int64(chunk.readableBytes)
            if let expected {
                hash.update(with: chunk.readableBytesView)
                if offset >= size, hash != expected { throw FileStreamError.changed(file.path) }
            }
            try await send(chunk)
        }
        return offset
    }
}

/// Why a file could not be streamed whole: a server-side failure, logged with the file's path.
enum FileStreamError: Error, CustomStringConvertible {
    /// The file could not be read any more.
    case unreadable(String)
    /// The file ended before the length already announced.
    case shrank(String)
    /// The file was written while it was sent: the bytes read are not the version announced.
    case changed(String)

    /// The file's path.
    var path: String {
        switch self {
        case .unreadable(let path), .shrank(let path), .changed(let path): path
        }
    }

    var description: String {
        switch self {
        case .unreadable(let path): "\(path) became unreadable while it was being sent"
        case .shrank(let path): "\(path) shrank while it was being sent; the response was cut short"
        case .changed(let path):
            "\(path) was written while it was being sent; the connection was reset rather than end a body of two versions"
        }
    }
}
