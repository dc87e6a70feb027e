import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A response about to be written: the head, and where its body comes from.
struct OutgoingResponse: Sendable {
    /// The body of a response.
    enum Body: Sendable {
        case empty
        case buffer(ByteBuffer)
        /// A file streamed from disk in chunks.
        case file(path: String, size: Int64)

        /// The number of bytes this body holds.
        var count: Int64 {
            switch self {
            case .empty: 0
            case .buffer(let buffer): Int64(buffer.readableBytes)
            case .file(_, let size): size
            }
        }
    }

    var head: HTTPResponse
    var body: Body

    init(status: HTTPResponse.Status, headers: HTTPFields = [:], body: Body = .empty) {
        self.head = HTTPResponse(status: status, headerFields: headers)
        self.body = body
    }

    /// A JSON response from text already serialised.
    static func json(_ status: HTTPResponse.Status, _ text: String, headers: HTTPFields = [:]) -> OutgoingResponse {
        var headers = headers
        headers[.contentType] = ContentType.json
        return OutgoingResponse(status: status, headers: headers, body: .buffer(ByteBuffer(string: text)))
    }

    /// Writes the response whole, setting `Content-Length`; a HEAD request gets the head only.
    /// Returns the number of body bytes written.
    @discardableResult
    func write(to writer: consuming ResponseWriter, omittingBody: Bool) async throws -> Int64 {
        var head = head
        if head.headerFields[.contentLength] == nil, head.status.code != 304, head.status.code != 204 {
            head.headerFields[.contentLength] = String(body.count)
        }
        if omittingBody {
            try await writer.writeResponse(head)
            return 0
        }
        switch body {
        case .empty:
            try await writer.writeResponse(head)
            return 0
        case .buffer(let buffer):
            try await writer.write(response: head, body: .init(byteBuffer: buffer))
            return Int64(buffer.readableBytes)
        case .file(let path, let size):
            var bodyWriter = try await writer.writeHead(head)
            let sent = try await FileStreamer(path: path, size: size).stream { chunk in
                try await bodyWriter.write(chunk)
            }
            try await bodyWriter.finish(nil)
            return sent
        }
    }
}

/// Reads a file in chunks on NIO's thread pool, so that a large file is never whole in memory
/// and a slow disk never blocks the request tasks.
struct FileStreamer: Sendable {
    let path: String
    let size: Int64
    var chunkSize = 128 << 10

    /// Calls `send` with each chunk in order; returns the bytes sent. Stops at `size` even if
    /// the file grew, so the body matches the `Content-Length` already sent.
    func stream(_ send: (ByteBuffer) async throws -> Void) async throws -> Int64 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileStreamError.unreadable(path) }
        defer { close(descriptor) }
        var offset: Int64 = 0
        while offset < size {
            let want = Int(min(Int64(chunkSize), size - offset))
            let start = offset
            let chunk = try await NIOThreadPool.singleton.runIfActive {
                var buffer = ByteBufferAllocator().buffer(capacity: want)
                var result = 0
                buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: want) { target in
                    result = pread(descriptor, target.baseAddress, want, off_t(start))
                    return max(result, 0)
                }
                return buffer
            }
            guard chunk.readableBytes > 0 else { throw FileStreamError.shrank(path) }
            try await send(chunk)
            offset += Int64(chunk.readableBytes)
        }
        return offset
    }
}

/// Why a file could not be streamed whole.
enum FileStreamError: Error {
    case unreadable(String)
    case shrank(String)
}
