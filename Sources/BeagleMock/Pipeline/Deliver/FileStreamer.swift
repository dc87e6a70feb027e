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
struct FileStreamer: Sendable {
    let file: OpenedFile
    let size: Int64
    var chunkSize = 128 << 10

    /// Calls `send` with each chunk in order; returns the bytes sent. Stops at `size` even if
    /// the file grew, so the body matches the `Content-Length` already sent.
    @discardableResult
    func stream(_ send: (ByteBuffer) async throws -> Void) async throws -> Int64 {
        var offset: Int64 = 0
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
            try await send(chunk)
            offset += Int64(chunk.readableBytes)
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

    /// The file's path.
    var path: String {
        switch self {
        case .unreadable(let path), .shrank(let path): path
        }
    }

    var description: String {
        switch self {
        case .unreadable(let path): "\(path) became unreadable while it was being sent"
        case .shrank(let path): "\(path) shrank while it was being sent; the response was cut short"
        }
    }
}
