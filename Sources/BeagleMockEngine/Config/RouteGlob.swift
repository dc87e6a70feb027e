import BeagleMockHTTP
import Foundation

/// A route rule's `path` pattern, compiled once and matched segment by segment.
///
/// Patterns start with `/` and match the percent-decoded path without its query, case-sensitively.
/// A segment is `*` (exactly one segment), `**` (zero or more segments: `/checkout/**` matches
/// `/checkout` too), a literal, or a literal with `*` wildcards inside it (`/images/*.png`; such a
/// `*` never crosses a `/`). Empty segments are refused in patterns (`/a//b`) except for one trailing
/// slash, which is ignored, because request paths collapse them (`//a` is `/a`). `.` and `..`
/// segments are refused (no request path contains them). A path that ends in `.json` also matches
/// as the same route without it (`/flaky` matches `/flaky.json`).
package struct RouteGlob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    package let pattern: String
    private let segments: [Segment]

    enum Segment: Sendable, Hashable {
        case literal(String)
        case anySegment
        case anyDepth
        /// Pieces between `*`s: the first is a prefix, the last a suffix, the rest in order between.
        case wildcard([String])
    }

    /// Compiles a pattern, refusing what can never match with a message saying how to write it.
    package init(_ pattern: String) throws(SpecError) {
        guard !pattern.isEmpty else {
            throw SpecError("empty path pattern; write one like /checkout/** or /images/*")
        }
        let quoted = SpecError.quote(pattern)
        guard pattern.unicodeScalars.first == "/" else {
            throw SpecError("path pattern \(quoted) must start with /, like /\(pattern)")
        }
        guard !pattern.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw SpecError("path pattern \(quoted) contains a control character")
        }
        guard !pattern.contains("?") else {
            throw SpecError("path pattern \(quoted) contains \"?\"; patterns match the path without its query")
        }
        var body = Substring(pattern.unicodeScalars.dropFirst())
        if body.unicodeScalars.count > 1, body.unicodeScalars.last == "/" { body = Substring(body.unicodeScalars.dropLast()) }
        var compiled: [Segment] = []
        if !body.isEmpty {
            for part in body.splitOnScalar("/", omittingEmptySubsequences: false) {
                switch part {
                case "":
                    throw SpecError(
                        "path pattern \(quoted) has an empty segment (\"//\"); request paths collapse them, so write a single /")
                case ".", "..":
                    throw SpecError("path pattern \(quoted) has a \(part) segment, which no request path contains")
                case "*":
                    compiled.append(.anySegment)
                case "**":
                    compiled.append(.anyDepth)
                default:
                    if part.contains("**") {
                        throw SpecError(
                            "path pattern \(quoted): ** must be a whole segment (like /a/**), not part of one; use * inside a segment"
                        )
                    }
                    if part.contains("*") {
                        compiled.append(
                            .wildcard(part.splitOnScalar("*", omittingEmptySubsequences: false).map(String.init)))
                    } else {
                        compiled.append(.literal(String(part)))
                    }
                }
            }
        }
        self.pattern = pattern
        self.segments = compiled
    }

    /// True when the request path (decoded, without query) matches.
    package func matches(path: String) -> Bool {
        matches(PathSegments(path))
    }

    /// Matching against a path split once per request, shared by every rule.
    func matches(_ path: PathSegments) -> Bool {
        if Self.match(segments, path.segments) { return true }
        if let stripped = path.segmentsWithoutJSONExtension {
            return Self.match(segments, stripped)
        }
        return false
    }

    /// The classic wildcard walk: on a mismatch, go back to the last `**` and let it swallow one
    /// more segment. O(pattern × path) at worst, so a hostile path with thousands of segments cannot
    /// make several `**` backtrack exponentially.
    private static func match(_ pattern: [Segment], _ path: [Substring]) -> Bool {
        var p = 0
        var s = 0
        var lastDeep: Int?
        var deepStart = 0
        while s < path.count {
            if p < pattern.count, pattern[p] == .anyDepth {
                lastDeep = p
                deepStart = s
                p += 1
            } else if p < pattern.count, matchOne(pattern[p], path[s]) {
                p += 1
                s += 1
            } else if let deep = lastDeep {
                p = deep + 1
                deepStart += 1
                s = deepStart
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == .anyDepth { p += 1 }
        return p == pattern.count
    }

    private static func matchOne(_ segment: Segment, _ text: Substring) -> Bool {
        switch segment {
        case .anySegment: return true
        case .anyDepth: return true
        case .literal(let literal): return text == literal
        case .wildcard(let pieces): return matchWildcard(pieces, text)
        }
    }

    private static func matchWildcard(_ pieces: [String], _ segment: Substring) -> Bool {
        guard let prefix = pieces.first, let suffix = pieces.last, pieces.count >= 2 else { return false }
        guard segment.hasPrefix(prefix) else { return false }
        var rest = segment.dropFirst(prefix.count)
        guard rest.count >= suffix.count, rest.hasSuffix(suffix) else { return false }
        rest = rest.dropLast(suffix.count)
        for middle in pieces.dropFirst().dropLast() where !middle.isEmpty {
            guard let found = rest.range(of: middle) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    /// The pattern as written.
    package var description: String { pattern }
}

/// A request path split into segments once, with empty segments collapsed as route resolution does.
struct PathSegments: Sendable {
    /// The segments, no empty ones.
    let segments: [Substring]
    /// The segments with a trailing `.json` removed from the last one, when it has one.
    let segmentsWithoutJSONExtension: [Substring]?
    /// The canonical route path for counters: `/` + segments, `.json` removed (`//a/b.json` → `/a/b`).
    let canonical: String

    init(_ path: String) {
        self.init(path, split: path.splitOnScalar("/", omittingEmptySubsequences: true))
    }

    /// The segments of `path` as the request's path holds them already (`RequestPath`: decoded,
    /// none empty, none holding `/`), without splitting it again.
    init(_ path: String, segments: [String]) {
        self.init(path, split: segments.map { Substring($0) })
    }

    private init(_ path: String, split: [Substring]) {
        segments = split
        if let last = split.last, last.utf8.count > 5, last.utf8.suffix(5).elementsEqual(".json".utf8) {
            var stripped = split
            stripped[stripped.count - 1] = Substring(last.utf8.dropLast(5))
            segmentsWithoutJSONExtension = stripped
        } else {
            segmentsWithoutJSONExtension = nil
        }
        canonical = Self.canonical(of: path, segments: segmentsWithoutJSONExtension ?? segments)
    }

    /// The canonical route path of `path`, without splitting it when it is canonical already
    /// (most are): this runs on every request.
    static func canonical(of path: String) -> String {
        isCanonical(path) ? path : PathSegments(path).canonical
    }

    private static func canonical(of path: String, segments: [Substring]) -> String {
        isCanonical(path) ? path : "/" + segments.joined(separator: "/")
    }

    /// Starts with `/`, no `//`, no trailing `/` (but `/` itself), no trailing `.json`.
    private static func isCanonical(_ path: String) -> Bool {
        var path = path
        // On the string's contiguous bytes: this runs on every request.
        return path.withUTF8 { bytes in
            guard bytes.first == UInt8(ascii: "/") else { return false }
            var previousWasSlash = false
            for byte in bytes.dropFirst() {
                let isSlash = byte == UInt8(ascii: "/")
                if isSlash && previousWasSlash { return false }
                previousWasSlash = isSlash
            }
            if previousWasSlash { return false }
            return
                !(bytes.count > 6 && bytes.suffix(5).elementsEqual(".json".utf8)
                && bytes[bytes.count - 6] != UInt8(ascii: "/"))
        }
    }
}

extension StringProtocol {
    /// Splits at every `separator` scalar. Splitting on a `Character` would miss a `/` that a
    /// combining mark or an emoji modifier follows (`/🏻` is one `Character`), though a path
    /// still has a separator there.
    func splitOnScalar(_ separator: Unicode.Scalar, omittingEmptySubsequences: Bool) -> [Substring] {
        let text = Substring(self)
        // An ASCII byte never occurs inside another scalar's UTF-8, so its bytes split the same
        // places, for a fraction of the cost of walking scalars (a request's path is split so).
        if separator.isASCII {
            return text.utf8.split(separator: UInt8(separator.value), omittingEmptySubsequences: omittingEmptySubsequences)
                .map { Substring($0) }
        }
        return text.unicodeScalars.split(separator: separator, omittingEmptySubsequences: omittingEmptySubsequences)
            .map { Substring($0) }
    }
}
