/// The mock's additions to Mustache, written in a screen file and translated into plain Mustache
/// for the engine (Docs/Templates.md):
///
/// - `\{{` writes a literal `{{`;
/// - helpers take their arguments after a space, `{{random 1 6}}` and `{{#repeat 3}}…{{/repeat}}`,
///   which Mustache spells as dotted names (`{{random.1.6}}`, `{{#repeat.3}}…{{/repeat.3}}`);
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

    /// A section's opening tag, where the file has it.
    struct OpenSection: Sendable {
        let name: String
        /// The tag as written, `{{#repeat 3}}`.
        let tag: String
        let line: Int
        let column: Int
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
            if let section = Self.track(tag: inside, written: tag, in: &sections, line: line, column: column) {
                dynamic.formUnion(section)
            }
            // A tag written over several lines is the engine's to read (or refuse) as it is.
            let oneLine = !inside.contains(where: \.isNewline)
            let translatedTag = oneLine ? try Self.translate(tag: inside, repeats: &repeats, line: line, column: column) : nil
            if let translatedTag {
                writer.replace(tag, with: translatedTag)
            } else {
                writer.copy(tag)
            }
            dynamic.formUnion(line...writer.originalPosition.line)
        }
        writer.copy(rest)
        translated = writer.text
        positions = writer.map
        unclosedSection = sections.last
        dynamicLines = translating ? dynamic : nil
    }

    /// Follows sections opening and closing, to say which one is never closed; returns the lines
    /// a section spans when `inside` closes one.
    private static func track(
        tag inside: Substring, written: Substring, in sections: inout [OpenSection], line: Int, column: Int
    ) -> ClosedRange<Int>? {
        guard let sigil = inside.first, "#^/".contains(sigil),
            let name = inside.dropFirst().split(whereSeparator: \.isWhitespace).first.map(String.init)
        else { return nil }
        if sigil == "/" {
            guard let index = sections.lastIndex(where: { $0.name == name }) else { return nil }
            let opened = sections[index].line
            sections.removeSubrange(index...)
            return opened...line
        }
        sections.append(OpenSection(name: name, tag: String(written), line: line, column: column))
        return nil
    }

    /// The Mustache for one tag's inside (between `{{` and `}}`), or nil when it stays as written.
    private static func translate(tag inside: Substring, repeats: inout [String], line: Int, column: Int)
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
            repeats.append(arguments[0])
            return "{{#repeat.\(count)}}"
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
