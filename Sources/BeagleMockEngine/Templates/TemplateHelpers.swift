import BeagleMockHTTP
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

/// `{{#repeat N}}…{{/repeat}}` (spelled `repeat.N.repeat.K`, K its place among the file's
/// repeats, or `repeat.N` where the delimiters are changed): the section N times, each with
/// `index` (from 0), `number` (from 1), `first` and `last`, so that `{{^last}},{{/last}}`
/// separates elements. Each pass is charged to the rendering's meter, which can end the section
/// early.
struct RepeatHelper: MustacheParent, MustacheCustomRenderable {
    let meter: RenderMeter

    func child(named name: String) -> Any? {
        guard let count = Int(name), (0...TemplateSyntax.largestRepeat).contains(count) else { return nil }
        return Rounds(count: count, key: name, meter: meter)
    }

    var renderText: String { "" }
    var isNull: Bool { true }

    /// The passes of one `{{#repeat N}}`, made as the engine asks for them; `repeat.K` below it
    /// names the same passes, known to the meter by that key.
    struct Rounds: MustacheSequence, MustacheParent {
        let count: Int
        /// The section's key for the meter (``TemplateSyntax/SectionCosts``).
        let key: String
        let meter: RenderMeter

        func child(named name: String) -> Any? {
            // `repeat` then `K`: the key is the two together.
            if name == "repeat" { return Named(rounds: self) }
            return nil
        }

        /// `repeat.N.repeat`, waiting for its `K`.
        struct Named: MustacheParent {
            let rounds: Rounds
            func child(named name: String) -> Any? {
                Rounds(count: rounds.count, key: "repeat.\(name)", meter: rounds.meter)
            }
        }

        func makeIterator() -> Iterator {
            Iterator(rounds: self)
        }

        struct Iterator: IteratorProtocol {
            let rounds: Rounds
            var index = 0

            mutating func next() -> [String: Any]? {
                guard index < rounds.count, rounds.meter.pass(rounds.key) else { return nil }
                defer { index += 1 }
                return ["index": index, "number": index + 1, "first": index == 0, "last": index == rounds.count - 1]
            }
        }
    }
}
