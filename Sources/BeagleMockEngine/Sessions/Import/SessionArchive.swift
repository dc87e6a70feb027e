import BeagleScreens
import Foundation

/// A HAR file read for the import (Docs/Sessions.md, "What an archive must hold"): its entries in
/// the order the tool wrote them, each read on its own, so that one entry without a response or
/// with a number where a URL belongs is reported with its place and the others are still imported.
///
/// What stops the import instead: a file that cannot be read, is larger than ``largestArchive``,
/// is not JSON (with the line and column of the mistake), or is JSON without `log.entries`.
struct SessionArchive: Sendable {
    /// The largest archive read: decoding holds the archive's text once more in memory, as the
    /// entries' strings (Docs/Sessions.md, "Limits").
    static let largestArchive: Int64 = 1 << 30
    /// The largest archive in which a mistake is located by line and column: locating reads the
    /// archive again into a tree that knows positions, which takes several times its size.
    static let largestLocated = 64 << 20

    /// The entries in the archive's order: each one, or why it could not be read.
    let entries: [Result<HAR.Entry, EntryProblem>]

    /// Why one entry could not be read, with its place in the archive.
    struct EntryProblem: Error, Sendable, Equatable, CustomStringConvertible {
        /// `log.entries[3].response.status is missing`, after `12:5: ` when it was located.
        let description: String
    }

    init(entries: [Result<HAR.Entry, EntryProblem>]) {
        self.entries = entries
    }

    /// Reads the archive at `path`; `shownAs` names it in messages as the user wrote it.
    static func read(path: String, shownAs: String) throws(ImportError) -> SessionArchive {
        guard let status = FileStatus.stat(path) else {
            throw ImportError("cannot read '\(shownAs)': no such file; give the path of a .har file")
        }
        guard status.kind == .regular else {
            throw ImportError("cannot read '\(shownAs)': it is not a file; give the path of a .har file")
        }
        guard status.size <= largestArchive else {
            throw ImportError(
                "'\(shownAs)' is \(ByteSize(bytes: status.size)), over the \(ByteSize(bytes: largestArchive)) an import reads; "
                    + "export fewer entries (a filter in the tool), or split the session")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw ImportError("cannot read '\(shownAs)': \((error as NSError).localizedDescription)")
        }
        return try decode(data, shownAs: shownAs)
    }

    /// Reads an archive's bytes.
    static func decode(_ data: Data, shownAs: String) throws(ImportError) -> SessionArchive {
        if data.starts(with: [0x1F, 0x8B]) {
            throw ImportError("'\(shownAs)' is gzip-compressed; decompress it first (gunzip -k \(shownAs))")
        }
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            throw ImportError("'\(shownAs)' is UTF-16; save it as UTF-8")
        }
        let text = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        let document: ArchiveDocument
        do {
            document = try JSONDecoder().decode(ArchiveDocument.self, from: text)
        } catch {
            throw ImportError("'\(shownAs)'" + Self.place(of: error, in: data) + Self.explain(error))
        }
        let slots = document.log.entries
        // Only when some entry failed: its place comes from one positioned reading of the archive.
        let failed = slots.contains { if case .failure = $0.entry { true } else { false } }
        let tree = failed && data.count <= largestLocated ? try? JSONReader().parse(data) : nil
        return SessionArchive(
            entries: slots.map { slot in
                slot.entry.mapError { error in
                    let position = tree.flatMap { ArchivePlace.position(of: error, in: $0) }
                    return EntryProblem(description: (position.map { "\($0): " } ?? "") + explain(error))
                }
            })
    }

    /// `:12:5: ` where the JSON reader places a mistake in a small enough archive, else `: `.
    private static func place(of error: any Error, in data: Data) -> String {
        guard data.count <= largestLocated else { return ": " }
        do {
            let tree = try JSONReader().parse(data)
            return ArchivePlace.position(of: error, in: tree).map { ":\($0): " } ?? ": "
        } catch {
            return ":\(error.position): "
        }
    }

    /// What a decoding error says, in the archive's terms.
    static func explain(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not JSON, so not a HAR archive (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription))"
        case .keyNotFound(let key, let context):
            let path = (context.codingPath + [key]).jsonPath
            if path == "log" || path == "log.entries" {
                return
                    "not a HAR archive: it has no \(path) (HAR 1.2 is {\"log\": {\"entries\": […]}}); export the session as HAR"
            }
            return "\(path) is missing"
        case .valueNotFound(_, let context):
            return "\(context.codingPath.jsonPath) is null"
        case .typeMismatch(let type, let context):
            let path = context.codingPath.jsonPath
            if path.isEmpty || path == "log" || path == "log.entries" {
                return "not a HAR archive: \(path.isEmpty ? "the top" : path) is not \(ArchivePlace.kind(of: type))"
            }
            return "\(path) is not \(ArchivePlace.kind(of: type))"
        case .dataCorrupted(let context):
            return "\(context.codingPath.jsonPath): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}

/// The part of a HAR file the import decodes: `log.entries`, each entry on its own.
private struct ArchiveDocument: Decodable {
    let log: Log

    struct Log: Decodable {
        let entries: [Slot]
    }

    /// One entry, or the error that reading it met.
    struct Slot: Decodable {
        let entry: Result<HAR.Entry, DecodingError>

        init(from decoder: any Decoder) throws {
            do {
                entry = .success(try HAR.Entry(from: decoder))
            } catch let error as DecodingError {
                entry = .failure(error)
            }
        }
    }
}
