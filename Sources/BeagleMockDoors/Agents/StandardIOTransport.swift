import BeagleMockEngine
import BeagleMockHTTP
import Foundation
import Logging
import MCP
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// MCP over standard input and output, one JSON-RPC message a line (`beagle-mock mcp`).
///
/// It does the same job as the SDK's `StdioTransport`, which switches both descriptors to
/// non-blocking and, whenever a read finds nothing, sleeps 10 ms before it looks again, so each
/// request of an agent waits up to 10 ms before it is read (Docs/Benchmarks.md, MCP). Here a
/// thread of its own blocks in `read` and hands each line over as it arrives, and a second one
/// writes, so that an agent that stops reading holds up neither Swift's executor nor the HTTP
/// server. A line longer than ``longestLine`` is dropped, and answered with a JSON-RPC error.
actor StandardIOTransport: Transport {
    nonisolated let logger: Logger
    /// The longest message read, as on the HTTP endpoint.
    static let longestLine = AgentEndpoint.maxBodySize

    private let input: Int32
    private let output: Int32
    /// One thread reading, one writing.
    private let threads = NIOThreadPool(numberOfThreads: 2)
    private let messages: AsyncThrowingStream<Data, any Swift.Error>
    private let continuation: AsyncThrowingStream<Data, any Swift.Error>.Continuation
    private var started = false

    /// Reads `input` and writes `output` (standard input and output unless told otherwise).
    init(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
        logger: Logger = Logger(label: "beagle-mock.mcp", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.input = input
        self.output = output
        self.logger = logger
        (messages, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        guard !started else { return }
        started = true
        threads.start()
        let (input, continuation) = (input, continuation)
        threads.submit { state in
            guard case .active = state else { return }
            Self.readLines(from: input, into: continuation) { refusal in
                Task { try? await self.send(refusal) }
            }
        }
    }

    /// Ends the messages; the reading thread ends when its input does.
    func disconnect() async {
        continuation.finish()
        threads.shutdownGracefully { _ in }
    }

    /// Writes `data` and a newline, on the writing thread.
    func send(_ data: Data) async throws {
        var newline = data
        newline.append(UInt8(ascii: "\n"))
        let (line, output) = (newline, output)
        if let failure = try await threads.runIfActive({ Self.writeAll(line, to: output) }) {
            throw MCPError.internalError("writing to standard output failed: \(String(cString: strerror(failure)))")
        }
    }

    func receive() -> AsyncThrowingStream<Data, any Swift.Error> {
        messages
    }

    // MARK: - On the threads

    /// Reads lines from `descriptor` until it ends, yielding each that is not empty; one longer than
    /// ``longestLine`` is skipped to its end and `tooLong` gets the error to answer it with.
    private static func readLines(
        from descriptor: Int32, into lines: AsyncThrowingStream<Data, any Swift.Error>.Continuation,
        tooLong: (Data) -> Void
    ) {
        var pending: [UInt8] = []
        var skipping = false
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            var start = 0
            for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
                if !skipping {
                    pending.append(contentsOf: buffer[start..<index])
                    if !pending.isEmpty { lines.yield(Data(pending)) }
                }
                pending.removeAll(keepingCapacity: true)
                skipping = false
                start = index + 1
            }
            if !skipping { pending.append(contentsOf: buffer[start..<count]) }
            if !skipping, pending.count > longestLine {
                pending.removeAll()
                skipping = true
                tooLong(Data(JSONRPCMessage.Refusal.invalid("a message is at most \(longestLine) bytes").errorJSON.utf8))
            }
        }
        lines.finish()
    }

    /// Writes the whole of `data`; the error number when a write fails.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return written < 0 ? errno : EIO }
                offset += written
            }
            return nil
        }
    }
}
