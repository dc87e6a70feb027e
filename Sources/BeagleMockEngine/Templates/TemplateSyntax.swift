import BeagleMockHTTP

/// The mock's additions to Mustache, written in a screen file and translated into plain Mustache
/// for the engine (Docs/Templates.md):
///
/// - `\{{` writes a literal `{{`;
/// - helpers take their arguments after a space, `{{random 1 6}}` and `{{#repeat 3}}…{{/repeat}}`,
///   which Mustache spells as dotted names (`{{random.1.6}}`, `{{#repeat.3.repeat.0}}…{{/repeat.3.repeat.0}}`,
///   the last part naming the repeat for ``RenderMeter``);
/// - `{{value}}` escapes for a JSON string rather than for HTML (``jsonPragma``, which
///   ``ScreenTemplate`` puts on a line of its own in front).
///
/// The translation keeps every line where it was, and ``PositionMap`` takes a column in the
/// translated text back to the file's, so the engine's errors name the file's line and column.
struct TemplateSyntax {
    /// The text the engine parses (after the pragma).
    let translated: String
    /// Columns of `translated` back to the file's.
    let positions: PositionMap
    /// The lines (from 1) that hold a tag or lie inside a section: the others are text the
    /// rendering copies as it is. Nil when that cannot be told (the delimiters are changed).
    let dynamicLines: Set<Int>?
    /// The innermost section opened and never closed, as the file has it, if any.
    let unclosedSection: OpenSection?
    /// What a pass over each section may write besides its values (``RenderMeter``).
    let sectionCosts: SectionCosts

    /// A section's opening tag, where the file has it.
    struct OpenSection: Sendable {
        let name: String
        /// The tag as written, `{{#repeat 3}}`.
        let tag: String
        let line: Int
        let column: Int
        /// The name a rendering knows the section by (``SectionCosts``).
        let key: String
        /// Where its body starts in the translation, in UTF-8 bytes.
        var bodyStart = 0
    }

    /// What one pass over a section may write besides its values: the length of its body in the
    /// translation, tags included (an upper bound: a tag is replaced by its value, which is
    /// charged apart), and where the section opens.
    struct SectionCost: Sendable {
        let bytes: Int
        let line: Int
        let column: Int
        /// The opening tag as written.
        let tag: String
    }

    /// The costs of a template's sections by the key a rendering knows a section by when it
    /// passes over it: a repeat's place among the file's repeats (`repeat.0` for the first, which
    /// the engine reads as `repeat.3.repeat.0` for `{{#repeat 3}}`), else the last part of the
    /// section's name (`items` for `{{#request.body.items}}`). Sections of one key cost the
    /// largest of them; a key no section has (a name the engine reached another way) costs the
    /// largest section.
    struct SectionCosts: Sendable {
        private var byKey: [String: SectionCost] = [:]
        private var largest: SectionCost?
        /// The cost when the template's sections are not known (changed delimiters): its whole text.
        private var whole = SectionCost(bytes: 0, line: 1, column: 1, tag: "")

        /// Costs of no section.
        init() {}

        /// Costs for a translation of `totalBytes`, sections not yet added.
        init(totalBytes: Int) {
            whole = SectionCost(bytes: totalBytes, line: 1, column: 1, tag: "")
        }

        /// Adds a section of `key`.
        mutating func add(_ cost: SectionCost, key: String) {
            if (byKey[key]?.bytes ?? -1) < cost.bytes { byKey[key] = cost }
            if (largest?.bytes ?? -1) < cost.bytes { largest = cost }
        }

        /// The cost of a pass over the section `key` names.
        func cost(of key: String) -> SectionCost {
            byKey[key] ?? largest ?? whole
        }
    }

    /// The name under which the root context holds `{{`, for `\{{`.
    static let openBracesName = "beagleMockOpenBraces"
    /// The pragma that makes `{{value}}` escape for JSON strings.
    static let jsonPragma = "{{%CONTENT_TYPE:\(JSONStringContent.name)}}"
    /// The largest `{{#repeat N}}`: a template stays a screen, not a load generator.
    static let largestRepeat = 10_000

    /// Translates `source`; throws at the file's line and column when a helper is misused.
    init(_ source: String) throws(TemplateProblem) {
        var writer = Writer()
        var repeats: [String] = []
        var sections: [OpenSection] = []
        var costs: [(SectionCost, String)] = []
        var repeatsOpened = 0
        var dynamic = Set<Int>()
        var rest = Substring(source)
        var translating = true
        while let open = rest.firstRange(of: "{{") {
            let escaped = open.lowerBound > rest.startIndex && rest[rest.index(before: open.lowerBound)] == "\\"
            if escaped {
                writer.copy(rest[..<rest.index(before: open.lowerBound)])
                dynamic.insert(writer.originalPosition.line)
                writer.replace("\\{{", with: "{{&\(Self.openBracesName)}}")
                rest = rest[open.upperBound...]
                continue
            }
            writer.copy(rest[..<open.lowerBound])
            guard translating, let close = rest[open.upperBound...].firstRange(of: "}}") else {
                writer.copy(rest[open.lowerBound...])
                rest = rest[rest.endIndex...]
                break
            }
            let tag = rest[open.lowerBound..<close.upperBound]
            let inside = rest[open.upperBound..<close.lowerBound]
            rest = rest[close.upperBound...]
            // A set-delimiter tag changes what a tag looks like: leave the rest to the engine.
            if inside.first == "=" { translating = false }
            let (line, column) = writer.originalPosition
            let opened = sections.count
            // Each repeat is known to the meter by its place among the file's repeats.
            let repeatKey = "repeat.\(repeatsOpened)"
            if inside.first == "#", inside.dropFirst().split(whereSeparator: \.isWhitespace).first == "repeat" {
                repeatsOpened += 1
            }
            if let closed = Self.track(
                tag: inside, written: tag, in: &sections, repeatKey: repeatKey, line: line, column: column)
            {
                dynamic.formUnion(closed.lines)
                let section = closed.section
                costs.append(
                    (
                        SectionCost(
                            bytes: writer.text.utf8.count - section.bodyStart, line: section.line, column: section.column,
                            tag: section.tag), section.key
                    ))
            }
            // A tag written over several lines is the engine's to read (or refuse) as it is.
            let oneLine = !inside.contains(where: \.isNewline)
            let translatedTag =
                oneLine ? try Self.translate(tag: inside, repeats: &repeats, key: repeatKey, line: line, column: column) : nil
            if let translatedTag {
                writer.replace(tag, with: translatedTag)
            } else {
                writer.copy(tag)
            }
            if sections.count > opened { sections[sections.count - 1].bodyStart = writer.text.utf8.count }
            dynamic.formUnion(line...writer.originalPosition.line)
        }
        writer.copy(rest)
        translated = writer.text
        positions = writer.map
        unclosedSection = sections.last
        dynamicLines = translating ? dynamic : nil
        var sectionCosts = SectionCosts(totalBytes: writer.text.utf8.count)
        // With changed delimiters, the sections after the change are unknown: each costs the whole text.
        if translating {
            for (cost, key) in costs { sectionCosts.add(cost, key: key) }
        }
        self.sectionCosts = sectionCosts
    }

    /// Follows sections opening and closing, to say which one is never closed; returns the
    /// section `inside` closes, if it closes one, and the lines it spans.
    private static func track(
        tag inside: Substring, written: Substring, in sections: inout [OpenSection], repeatKey: String, line: Int,
        column: Int
    ) -> (section: OpenSection, lines: ClosedRange<Int>)? {
        let words = inside.dropFirst().split(whereSeparator: \.isWhitespace)
        guard let sigil = inside.first, "#^/".contains(sigil), let name = words.first.map(String.init) else { return nil }
        if sigil == "/" {
            guard let index = sections.lastIndex(where: { $0.name == name }) else { return nil }
            let section = sections[index]
            sections.removeSubrange(index...)
            return (section, section.line...line)
        }
        let key = name == "repeat" ? repeatKey : String(name.split(separator: ".").last ?? "")
        sections.append(OpenSection(name: name, tag: String(written), line: line, column: column, key: key))
        return nil
    }

    /// The Mustache for one tag's inside (between `{{` and `}}`), or nil when it stays as written;
    /// a repeat it opens is named with `key` (`repeat.3.repeat.0` for the file's first `{{#repeat 3}}`).
    private static func translate(tag inside: Substring, repeats: inout [String], key: String, line: Int, column: Int)
        throws(TemplateProblem) -> String?
    {
        var body = inside
        var sigil = ""
        if let first = body.first, "#/&{".contains(first) {
            sigil = String(first)
            body = body.dropFirst()
        }
        let words = body.split(whereSeparator: \.isWhitespace)
        guard let name = words.first else { return nil }
        let arguments = words.dropFirst().map(String.init)
        func problem(_ message: String) -> TemplateProblem {
            TemplateProblem(message: message, line: line, column: column)
        }
        switch (sigil, name) {
        case ("#", "repeat"):
            guard arguments.count == 1, let count = Int(arguments[0]), (0...largestRepeat).contains(count) else {
                throw problem("{{#repeat N}} takes one count from 0 to \(largestRepeat), like {{#repeat 3}}")
            }
            repeats.append("\(count).\(key)")
            return "{{#repeat.\(count).\(key)}}"
        case ("/", "repeat"):
            guard let count = repeats.popLast() else { return nil }
            return "{{/repeat.\(count)}}"
        case ("", "random"), ("&", "random"), ("{", "random"):
            guard arguments.count == 2, let low = Int(arguments[0]), let high = Int(arguments[1]), low <= high else {
                throw problem("{{random LOW HIGH}} takes two whole numbers, the lowest and the highest, like {{random 1 6}}")
            }
            let name = "random.\(low).\(high)"
            return sigil == "{" ? "{{{\(name)}}" : "{{\(sigil)\(name)}}"
        default:
            return nil
        }
    }

    /// Builds the translation and its position map, counting the file's lines and columns as the
    /// engine does (in characters, a line ending at `\n`).
    private struct Writer {
        var text = ""
        var map = PositionMap()
        /// Where the next character of the file is, 1-based.
        private(set) var originalPosition = (line: 1, column: 1)
        /// The column the next character of the translation takes.
        private var translatedColumn = 1

        mutating func copy(_ part: Substring) {
            text += part
            for character in part {
                if character.isNewline {
                    originalPosition = (originalPosition.line + 1, 1)
                    translatedColumn = 1
                } else {
                    originalPosition.column += 1
                    translatedColumn += 1
                }
            }
        }

        /// Writes `replacement` (one line) for `original` (one line).
        mutating func replace(_ original: some StringProtocol, with replacement: String) {
            map.add(
                PositionMap.Edit(
                    line: originalPosition.line, translatedColumn: translatedColumn, originalColumn: originalPosition.column,
                    translatedLength: replacement.count, originalLength: original.count))
            text += replacement
            translatedColumn += replacement.count
            originalPosition.column += original.count
        }

    }
}

/// Where the columns of a translated template came from: translation replaces some tags on a
/// line with others of another length and never adds or removes a line.
struct PositionMap: Sendable {
    /// One replacement on one line.
    struct Edit: Sendable {
        let line: Int
        let translatedColumn: Int
        let originalColumn: Int
        let translatedLength: Int
        let originalLength: Int
    }

    private var edits: [Edit] = []

    mutating func add(_ edit: Edit) {
        edits.append(edit)
    }

    /// The file's column for `column` of the translation on `line`: inside a replacement, where the
    /// replaced text starts.
    func originalColumn(line: Int, column: Int) -> Int {
        guard let edit = edits.last(where: { $0.line == line && $0.translatedColumn <= column }) else { return column }
        let after = edit.translatedColumn + edit.translatedLength
        if column < after { return edit.originalColumn }
        return edit.originalColumn + edit.originalLength + (column - after)
    }
}
