import BeagleMockHTTP

/// A request target decoded into safe path segments, or the reason it cannot name a file.
///
/// Docs/ScreensFolder.md: the path is percent-decoded once, without its query; empty segments collapse;
/// bad escapes, invalid UTF-8, control characters, NUL, `/` or `\` inside a segment and `.` or
/// `..` segments are refused with 400. What this type lets through can only name something
/// below the root, lexically; symlinks are the store's concern.
package struct RequestPath: Sendable, Hashable {
    /// The decoded segments, none empty, none `.` or `..`, none holding `/`, `\` or a control character.
    package let segments: [String]
    /// The raw query string after `?`, without it; empty when there is none.
    package let query: Substring
    /// The decoded path, `/` joined, with a leading `/` (`/` for the root); joined once, as
    /// several stages of a request read it.
    package let path: String

    /// Why a request target cannot name a file.
    package enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case notOriginForm
        case badPercentEscape
        case invalidUTF8
        case controlCharacter
        case separatorInSegment
        case dotSegment

        package var description: String {
            switch self {
            case .notOriginForm: "the request target is not a path starting with '/'"
            case .badPercentEscape: "the path has a malformed percent escape"
            case .invalidUTF8: "the path is not valid UTF-8 once decoded"
            case .controlCharacter: "the path holds a control character or NUL"
            case .separatorInSegment: "the path holds an encoded '/' or a '\\' inside a segment"
            case .dotSegment: "the path holds a '.' or '..' segment"
            }
        }
    }

    /// Decodes a raw request target (`/catalog/item-1?x=1`, or the absolute form
    /// `http://host/catalog`).
    package init(target: Substring) throws(Refusal) {
        var target = target
        // Parsed on the target's bytes (the marks are ASCII, and Character searches break
        // graphemes); index arithmetic on a UTF-8 view costs many times more, on every request.
        let parsed = target.withUTF8 { Self.parse($0) }
        switch parsed {
        case .failure(let refusal):
            throw refusal
        case .success(let parts):
            segments = parts.segments
            path = parts.path
            query = parts.query.map { Self.slice(target, $0) } ?? ""
        }
    }

    /// The part of `text` at byte `offsets`, which start and end where a character does.
    private static func slice(_ text: Substring, _ offsets: Range<Int>) -> Substring {
        let bytes = text.utf8
        let start = bytes.index(bytes.startIndex, offsetBy: offsets.lowerBound)
        return Substring(bytes[start..<bytes.index(start, offsetBy: offsets.count)])
    }

    /// What a target's bytes hold: the decoded segments, the path they make, where the query is.
    private struct Parts {
        var segments: [String]
        var path: String
        var query: Range<Int>?
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Parts, Refusal> {
        let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        var start = 0
        let schemeLength = bytes.starts(with: "https://".utf8) ? 8 : bytes.starts(with: "http://".utf8) ? 7 : 0
        if schemeLength > 0 {
            // The absolute form: the path starts at the authority's end; none means `/`.
            guard let slash = bytes[schemeLength..<end].firstIndex(of: UInt8(ascii: "/")) else {
                return .success(Parts(segments: [], path: "/", query: nil))
            }
            start = slash
        }
        guard start < end, bytes[start] == UInt8(ascii: "/") else { return .failure(.notOriginForm) }
        let mark = bytes[start..<end].firstIndex(of: UInt8(ascii: "?"))
        let pathPart = UnsafeBufferPointer(rebasing: bytes[start..<(mark ?? end)])
        var segments: [String] = []
        segments.reserveCapacity(4)
        // The path part starts with `/`, so the first piece is always empty.
        var emptyPieces = 0
        var decoded = false
        var pieceStart = 0
        for index in 0...pathPart.count where index == pathPart.count || pathPart[index] == UInt8(ascii: "/") {
            let raw = pathPart[pieceStart..<index]
            pieceStart = index + 1
            guard !raw.isEmpty else {
                emptyPieces += 1
                continue
            }
            let segment: String
            do {
                segment = try decodeSegment(raw)
            } catch {
                return .failure(error)
            }
            // An escape decoded shortens the segment; anything else is kept byte for byte.
            decoded = decoded || segment.utf8.count != raw.count
            segments.append(segment)
        }
        // Most paths are what joining their segments gives already: no escape, no empty segment,
        // no trailing `/`.
        let path = !decoded && emptyPieces == 1 ? String(decoding: pathPart, as: UTF8.self) : joined(segments)
        return .success(Parts(segments: segments, path: path, query: mark.map { ($0 + 1)..<end }))
    }

    /// Builds a path from segments already known to be safe (tests, internal routes).
    init(checkedSegments: [String]) {
        self.segments = checkedSegments
        self.query = ""
        self.path = Self.joined(checkedSegments)
    }

    private static func joined(_ segments: [String]) -> String { "/" + segments.joined(separator: "/") }

    /// Whether any segment is hidden (a dot-file or dot-folder), which is never served.
    package var isHidden: Bool { segments.contains { $0.hasPrefix(".") } }

    private static func decodeSegment(_ raw: Slice<UnsafeBufferPointer<UInt8>>) throws(Refusal) -> String {
        // Nearly every segment is printable ASCII without escapes: nothing to decode, and of the
        // checks below only the dot segments can apply.
        if raw.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "\\") }) {
            let text = String(decoding: raw, as: UTF8.self)
            if text == "." || text == ".." { throw .dotSegment }
            return text
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index != raw.endIndex {
            let byte = raw[index]
            if byte == UInt8(ascii: "%") {
                let high = raw.index(after: index)
                guard high != raw.endIndex else { throw .badPercentEscape }
                let low = raw.index(after: high)
                guard low != raw.endIndex, let h = raw[high].hexDigitValue, let l = raw[low].hexDigitValue else {
                    throw .badPercentEscape
                }
                bytes.append(h << 4 | l)
                index = raw.index(after: low)
            } else {
                bytes.append(byte)
                index = raw.index(after: index)
            }
        }
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F { throw .controlCharacter }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") { throw .separatorInSegment }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        if text == "." || text == ".." { throw .dotSegment }
        // C1 control characters (U+0080–U+009F) are as unprintable as C0 ones.
        if text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) { throw .controlCharacter }
        return text
    }
}
