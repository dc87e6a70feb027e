import Foundation
import Synchronization
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `beagle-mock mcp`'s standard input and output, over two pipes: a message a line, however the
/// lines arrive, a line too long refused, the messages ended with the input.
@Suite struct StandardIOTransportTests {
    /// Two pipes: what the test writes is the transport's input, what the transport writes the
    /// test reads.
    final class Pipes: Sendable {
        let toTransport: (read: Int32, write: Int32)
        let fromTransport: (read: Int32, write: Int32)
        private let inputOpen = Mutex(true)

        init() throws {
            var first: [Int32] = [0, 0]
            var second: [Int32] = [0, 0]
            try #require(pipe(&first) == 0 && pipe(&second) == 0)
            toTransport = (first[0], first[1])
            fromTransport = (second[0], second[1])
        }

        /// Writes `text` to the transport's input, whole.
        func send(_ text: String) {
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(toTransport.write, $0.baseAddress, $0.count) }
                guard written > 0 else { return }
                offset += written
            }
        }

        /// What the transport wrote, up to and with the next newline.
        func readLine() -> String {
            var line: [UInt8] = []
            var byte: UInt8 = 0
            while read(fromTransport.read, &byte, 1) == 1 {
                if byte == UInt8(ascii: "\n") { break }
                line.append(byte)
            }
            return String(decoding: line, as: UTF8.self)
        }

        /// Ends the transport's input, once.
        func endInput() {
            inputOpen.withLock { open in
                if open { close(toTransport.write) }
                open = false
            }
        }

        /// The descriptors but the input's writing end (``endInput()`` closes that one).
        func closeTheRest() {
            for descriptor in [toTransport.read, fromTransport.read, fromTransport.write] {
                close(descriptor)
            }
        }
    }

    /// Runs `body` with a transport over two pipes. Then it ends the input, waits for the
    /// transport's reading thread to see the end, and only then closes the other descriptors: a
    /// number closed while that thread may still read it could be another test's socket by then.
    func withTransport(
        _ body: (StandardIOTransport, Pipes, inout AsyncThrowingStream<Data, any Swift.Error>.AsyncIterator) async throws -> Void
    ) async throws {
        let pipes = try Pipes()
        let transport = StandardIOTransport(input: pipes.toTransport.read, output: pipes.fromTransport.write)
        try await transport.connect()
        var messages = await transport.receive().makeAsyncIterator()
        var failure: (any Error)?
        do {
            try await body(transport, pipes, &messages)
        } catch {
            failure = error
        }
        pipes.endInput()
        while (try? await messages.next()) != nil {}
        await transport.disconnect()
        pipes.closeTheRest()
        if let failure { throw failure }
    }

    /// The next message as text; nil once they ended.
    static func next(_ messages: inout AsyncThrowingStream<Data, any Swift.Error>.AsyncIterator) async throws -> String? {
        try await messages.next().map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func linesBecomeMessagesHoweverTheyArrive() async throws {
        try await withTransport { _, pipes, messages in
            pipes.send("{\"a\":1}\n\n{\"b\":")
            let first = try await Self.next(&messages)
            #expect(first == #"{"a":1}"#)
            pipes.send("2}\n{\"c\":3}\n")
            let second = try await Self.next(&messages)
            let third = try await Self.next(&messages)
            #expect(second == #"{"b":2}"#)
            #expect(third == #"{"c":3}"#)
            pipes.send(#"{"d":4}"#)
            pipes.endInput()
            let end = try await Self.next(&messages)
            #expect(end == nil, "the input ended, an unfinished line with it: so do the messages")
        }
    }

    @Test func aMessageIsWrittenAsALine() async throws {
        try await withTransport { transport, pipes, _ in
            try await transport.send(Data(#"{"id":1}"#.utf8))
            try await transport.send(Data(#"{"id":2}"#.utf8))
            #expect(pipes.readLine() == #"{"id":1}"#)
            #expect(pipes.readLine() == #"{"id":2}"#)
        }
    }

    /// A line past the limit is answered with a JSON-RPC error and skipped to its end; the next is
    /// read as usual.
    @Test func aLineTooLongIsRefusedAndTheNextRead() async throws {
        try await withTransport { _, pipes, messages in
            // On a thread of its own: the pipe holds 64 KiB, so each write waits for the transport.
            Thread.detachNewThread {
                let chunk = String(repeating: "x", count: 1 << 16)
                for _ in 0...(StandardIOTransport.longestLine >> 16) { pipes.send(chunk) }
                pipes.send("\n{\"after\":true}\n")
            }
            let refusal = pipes.readLine()
            #expect(refusal.contains(#""code":-32600"#) && refusal.contains("at most \(StandardIOTransport.longestLine) bytes"))
            let after = try await Self.next(&messages)
            #expect(after == #"{"after":true}"#)
        }
    }
}
