import Mustache

/// The random draws of one rendering: a ``SeededRandom`` keyed by the seed and the request's place
/// in its count, so a seeded run renders the same bytes in any process (Docs/Templates.md,
/// "Helpers"). A reference, because every helper of one rendering draws from the same stream.
final class TemplateRandom {
    private var generator: SeededRandom

    init(seed: UInt64) {
        generator = SeededRandom(seed: seed)
    }

    /// A whole number from `low` to `high`, both included.
    func number(from low: Int, to high: Int) -> Int {
        let width = UInt64(bitPattern: Int64(high &- low)) &+ 1
        let draw = generator.next()
        return width == 0 ? Int(truncatingIfNeeded: draw) : low &+ Int(truncatingIfNeeded: draw % width)
    }

    /// A version 4 UUID in lower case, `0b8f…-…`.
    func uuid() -> String {
        var bytes = withUnsafeBytes(of: generator.next().bigEndian, Array.init)
        bytes += withUnsafeBytes(of: generator.next().bigEndian, Array.init)
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }
}

/// `{{random LOW HIGH}}` (spelled `random.LOW.HIGH` for the engine): a new number at each use.
struct RandomHelper: MustacheParent, MustacheCustomRenderable {
    let random: TemplateRandom
    /// The lowest number, once the first argument is read.
    var low: Int?

    func child(named name: String) -> Any? {
        guard let bound = Int(name) else { return nil }
        guard let low else { return RandomHelper(random: random, low: bound) }
        return bound >= low ? random.number(from: low, to: bound) : nil
    }

    var renderText: String { "" }
    var isNull: Bool { true }
}

/// `{{#repeat N}}…{{/repeat}}` (spelled `repeat.N`): the section N times, each with `index` (from
/// 0), `number` (from 1), `first` and `last`, so that `{{^last}},{{/last}}` separates elements.
struct RepeatHelper: MustacheParent, MustacheCustomRenderable {
    func child(named name: String) -> Any? {
        guard let count = Int(name), (0...TemplateSyntax.largestRepeat).contains(count) else { return nil }
        return (0..<count).map { index -> [String: Any] in
            ["index": index, "number": index + 1, "first": index == 0, "last": index == count - 1]
        }
    }

    var renderText: String { "" }
    var isNull: Bool { true }
}
