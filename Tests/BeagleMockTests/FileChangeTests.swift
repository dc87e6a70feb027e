import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// A file rewritten in place, chunk after chunk, while it is requested is never served as a mix
/// of its old and new bytes (Docs/ScreensFolder.md, "Live edits and config reload"): a request
/// gets one version whole, or an error (503 while it keeps changing, a reset for a large file
/// written while it streams), never a 200 of two versions.
@Suite(.serialized) struct FileChangeTests {
    /// Rewrites `path` in place (no truncation, no rename) with `letter`, 64 KiB at a time.
    static func rewrite(_ path: String, with letter: UInt8, size: Int) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        let chunk = Data(repeating: letter, count: 64 << 10)
        var written = 0
        while written < size {
            let part = chunk.prefix(size - written)
            try handle.write(contentsOf: part)
            written += part.count
        }
    }

    /// What one request got: a whole version's letter, an error status, or no answer.
    enum Got: Equatable {
        case version(UInt8)
        case status(Int)
        case nothing
    }

    @Test(arguments: [
        200_000,  // read whole and kept in memory
        2_000_000,  // streamed from disk
    ])
    func aFileRewrittenInPlaceWhileRequestedIsServedAsOneVersion(size: Int) async throws {
        let files = ["screens/big.bin": String(repeating: "a", count: size)]
        try await withMockServer(files: files) { server, folder in
            let path = folder.screens + "/big.bin"
            var got: [Got] = []
            for round in 0..<10 {
                // Each request meets a rewrite of the whole file, chunk after chunk, as it starts.
                let letter = round % 2 == 0 ? UInt8(ascii: "b") : UInt8(ascii: "a")
                let writer = Task.detached { try Self.rewrite(path, with: letter, size: size) }
                let response = try await HTTPProbe.request(port: server.port, target: "/big.bin", timeout: .seconds(30))
                try await writer.value
                guard let response else {
                    got.append(.nothing)
                    continue
                }
                guard response.status == 200 else {
                    #expect(response.status == 503, "\(response.status): \(response.text.prefix(200))")
                    got.append(.status(response.status))
                    continue
                }
                let first = try #require(response.body.first)
                #expect(response.body.count == size)
                #expect(response.body.allSatisfy { $0 == first }, "a body of two versions")
                got.append(.version(first))
            }
            #expect(got.contains { if case .version = $0 { true } else { false } }, "\(got)")
            // Once the writer is done, the file's last version is served.
            let last = try #require(try await HTTPProbe.request(port: server.port, target: "/big.bin", timeout: .seconds(30)))
            #expect(last.status == 200)
            let final = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(Data(last.body) == final)
        }
    }
}
