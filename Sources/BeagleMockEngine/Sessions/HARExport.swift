import Foundation
import NIOCore

/// A page of the journal on its way out as a HAR 1.2 archive (Docs/Sessions.md, "HAR out of the
/// journal"): the entries, oldest first, written one at a time by ``HARWriter``, so that an export
/// holds the page's entries (shared with the journal) and one piece of text at a time.
package struct HARExport: Sendable {
    /// The entries, oldest first.
    let entries: [JournalEntry]

    /// How many entries the archive holds.
    package var count: Int { entries.count }

    /// Writes the archive in pieces of about `pieceSize` bytes, handing each to `send`; returns
    /// the bytes written.
    @discardableResult
    package func write(pieceSize: Int = 64 << 10, _ send: (ByteBuffer) async throws -> Void) async throws -> Int64 {
        var writer = HARWriter()
        var piece = ByteBuffer()
        var sent: Int64 = 0
        writer.start(creator: Self.creator, into: &piece)
        for entry in entries {
            writer.write(HAR.Entry(entry), into: &piece)
            if piece.readableBytes >= pieceSize {
                sent += Int64(piece.readableBytes)
                try await send(piece)
                piece = ByteBuffer()
            }
        }
        writer.finish(into: &piece)
        sent += Int64(piece.readableBytes)
        try await send(piece)
        return sent
    }

    /// The whole archive in one buffer.
    package func bytes() -> ByteBuffer {
        var writer = HARWriter()
        var buffer = ByteBuffer()
        writer.start(creator: Self.creator, into: &buffer)
        for entry in entries { writer.write(HAR.Entry(entry), into: &buffer) }
        writer.finish(into: &buffer)
        return buffer
    }

    /// The whole archive's JSON.
    package func data() -> Data {
        Data(bytes().readableBytesView)
    }

    /// beagle-mock, in the version that writes.
    static let creator = HAR.Creator(name: "beagle-mock", version: beagleMockVersion)
}
