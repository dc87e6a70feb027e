import BeagleMockHTTP

/// Sending a body in N chunks over a total duration, as WireMock's `chunkedDribbleDelay`: the
/// server waits duration/N before each chunk. When set, it replaces ``Bandwidth``.
///
/// String form (flags, `X-Mock-Dribble`, `__dribble`): `CHUNKSxDURATION`, like `10x2s`, or `off`.
/// YAML form: `{chunks: 10, duration: 2s}`, the string form, or `off`. Chunks from 1 to 10,000;
/// duration from 0 to 24h.
package enum Dribble: Sendable, Hashable, CustomStringConvertible {
    /// No dribbling (to switch off a dribble set by a lower layer; bandwidth then applies).
    case off
    /// The body in `chunks` pieces, one every duration/chunks.
    case chunks(Int, over: Duration)

    /// The most chunks accepted: more would be pacing by the byte, which ``Bandwidth`` does better.
    package static let maximumChunks = 10_000

    /// A dribble, refusing chunk counts out of range.
    package static func validated(chunks: Int, duration: Duration) throws(SpecError) -> Dribble {
        guard chunks >= 1, chunks <= maximumChunks else {
            throw SpecError("dribble chunks \(chunks) is out of range; use 1 to \(maximumChunks), like 10")
        }
        return .chunks(chunks, over: duration)
    }

    /// Parses `10x2s` or `off`.
    package init(spec text: String) throws(SpecError) {
        let trimmed = text.trimmingSpecWhitespace()
        guard !trimmed.isEmpty else {
            throw SpecError("empty dribble; write CHUNKSxDURATION like 10x2s, or off")
        }
        if trimmed.lowercased() == "off" {
            self = .off
            return
        }
        let parts = trimmed.split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw SpecError(
                "dribble \(SpecError.quote(trimmed)) is not CHUNKSxDURATION; write it like 10x2s (10 chunks over 2 seconds), or off"
            )
        }
        let chunksText = parts[0].trimmingSpecWhitespace()
        guard !chunksText.isEmpty, chunksText.allSatisfy(\.isASCIIDigit) else {
            throw SpecError("dribble chunk count \(SpecError.quote(chunksText)) is not a whole number; write it like 10x2s")
        }
        guard chunksText.count <= 9, let chunks = Int(chunksText) else {
            throw SpecError("dribble chunks \(SpecError.quote(chunksText)) is out of range; use 1 to \(Self.maximumChunks)")
        }
        self = try .validated(chunks: chunks, duration: Duration(spec: String(parts[1])))
    }

    /// The canonical string form: `10x2s` or `off`.
    package var description: String {
        switch self {
        case .off: return "off"
        case .chunks(let count, let duration): return "\(count)x\(duration.specDescription)"
        }
    }
}
