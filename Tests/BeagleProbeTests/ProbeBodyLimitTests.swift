import Foundation
import MockTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `probe` reads at most `--max-body-size` of a body (32 MiB by default): an upstream that streams
/// without end fails there, as soon as it passes the limit, instead of filling the memory.
@Suite(.serialized) struct ProbeBodyLimitTests {
    /// A BFF of one connection that answers a chunked body without end: 64 KiB chunks until the
    /// client leaves, or `most` bytes (a bound, so that the test ends whatever the client does).
    final class EndlessBFF: Sendable {
        let socket: BoundSocket
        /// The body bytes sent before the client left.
        let sent = Atomic<Int>(0)
        private let done = Mutex<CheckedContinuation<Void, Never>?>(nil)
        private let finished = Atomic<Bool>(false)

        init(most: Int) throws {
            socket = try BoundSocket(listening: true)
            let thread = Thread { [self] in
                serve(most: most)
                finished.store(true, ordering: .sequentiallyConsistent)
                done.withLock { $0 }?.resume()
            }
            thread.start()
        }

        private func serve(most: Int) {
            let client = accept(socket.descriptor, nil, nil)
            guard client >= 0 else { return }
            defer { _ = Foundation.close(client) }
            var request = [UInt8](repeating: 0, count: 4096)
            _ = read(client, &request, request.count)
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            guard writeAll(client, Array(head.utf8)) else { return }
            let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 0x10000) + Array("\r\n".utf8)
            while sent.load(ordering: .relaxed) < most {
                guard writeAll(client, chunk) else { return }
                sent.add(0x10000, ordering: .relaxed)
            }
        }

        private func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
            var offset = 0
            while offset < bytes.count {
                let count = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }

        /// Returns once the connection is over.
        func finish() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let over = done.withLock { waiting -> Bool in
                    if finished.load(ordering: .sequentiallyConsistent) { return true }
                    waiting = continuation
                    return false
                }
                if over { continuation.resume() }
            }
            socket.close()
        }
    }

    @Test func anEndlessBodyFailsAtTheLimitAndTheUpstreamIsLeft() async throws {
        let most = 1 << 30
        let bff = try EndlessBFF(most: most)
        let run = try await CommandRunner.run([
            "probe", "--max-body-size", "1MiB", "--timeout", "30s", "--depth", "0", "http://127.0.0.1:\(bff.socket.port)/home",
        ])
        await bff.finish()
        #expect(run.status == 1, "\(run.error)")
        #expect(run.output.contains("body larger than 1.0 MB, the most probe reads (--max-body-size)"), "\(run.output)")
        // The transfer was cancelled, long before the bound: what arrives meanwhile is dropped, not kept.
        #expect(bff.sent.load(ordering: .relaxed) < 256 << 20, "sent \(bff.sent.load(ordering: .relaxed)) bytes")
    }

    @Test func aBadLimitIsAUsageError() async throws {
        let run = try await CommandRunner.run(["probe", "--max-body-size", "lots", "http://127.0.0.1:9/home"])
        #expect(run.status == 2, "\(run.status)")
        #expect(run.error.contains("--max-body-size"), "\(run.error)")
    }
}
