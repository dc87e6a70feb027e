import BeagleMockHTTP
import Mustache

/// A screen file that contains `{{`, compiled once per version of the file and rendered per
/// request by swift-mustache (Docs/Templates.md).
///
/// Most of a screen is text around a few tags. The lines with no tag outside any section are kept
/// as text and copied as they are; the engine renders only the runs of lines that hold tags (each
/// run a template of its own, starting and ending outside every section), so a large screen with
/// a few values costs little more than the same file served static; a run whose tags are all
/// plain variables is mostly rendered without it (``VariableRun``). The whole file is still
/// parsed once, for its errors.
struct ScreenTemplate: Sendable {
    /// A run of the file's lines.
    enum Segment: Sendable {
        case text(String)
        /// Lines whose tags are all plain variables, mostly rendered without the engine.
        case variables(VariableRun)
        case template(MustacheTemplate)
    }

    let segments: [Segment]
    /// What a pass over each section costs a rendering's ``RenderMeter``.
    let sectionCosts: TemplateSyntax.SectionCosts

    /// Compiles `source`; throws the file's line and column when it cannot be rendered.
    init(source: String) throws(TemplateProblem) {
        JSONStringContent.registered
        let syntax = try TemplateSyntax(source)
        sectionCosts = syntax.sectionCosts
        let whole = try Self.compile(syntax.translated, syntax: syntax)
        guard let dynamicLines = syntax.dynamicLines else {
            segments = [.template(whole)]
            return
        }
        segments = (try? Self.segments(of: syntax.translated, dynamicLines: dynamicLines, syntax: syntax)) ?? [.template(whole)]
    }

    /// How a rendering ended.
    enum RenderResult: Sendable {
        case rendered(String)
        /// It went past its meter's limits: the problem names the limit and the section it was in.
        case overBudget(TemplateProblem, RenderMeter.Stop)
        /// Nobody waits for it any more (the meter's `isAbandoned`).
        case abandoned
    }

    /// The translated text cut into runs of static and dynamic lines.
    private static func segments(of text: String, dynamicLines: Set<Int>, syntax: TemplateSyntax) throws(TemplateProblem)
        -> [Segment]
    {
        var segments: [Segment] = []
        var run = ""
        var runIsDynamic = false
        func close() throws(TemplateProblem) {
            guard !run.isEmpty else { return }
            if !runIsDynamic {
                segments.append(.text(run))
            } else if let variables = try VariableRun(
                run, compile: { tag throws(TemplateProblem) in try compile(tag, syntax: syntax) })
            {
                segments.append(.variables(variables))
            } else {
                segments.append(.template(try compile(run, syntax: syntax)))
            }
            run = ""
        }
        // Each line keeps its line break, so a run ends as the line it ends with (a standalone
        // section tag and its break go together, as in the whole file).
        for (index, line) in Self.lines(of: text).enumerated() {
            let isDynamic = dynamicLines.contains(index + 1)
            if isDynamic != runIsDynamic {
                try close()
                runIsDynamic = isDynamic
            }
            run += line
        }
        try close()
        return segments
    }

    /// `text`'s lines, each with its break, cut where ``TemplateSyntax`` counts a new line: at
    /// every newline Character (`\n`, `\r\n`, a lone `\r`, U+2028…), so that the lines it marks as
    /// dynamic are these.
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index].isNewline {
                lines.append(text[start..<next])
                start = next
            }
            index = next
        }
        lines.append(text[start...])
        return lines
    }

    /// `text` as the engine's template, after the pragma that escapes values for JSON strings (on
    /// a line of its own, which the engine drops as a standalone tag).
    private static func compile(_ text: String, syntax: TemplateSyntax) throws(TemplateProblem) -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: TemplateSyntax.jsonPragma + "\n" + text)
        } catch let error as MustacheTemplate.ParserError {
            if case .expectedSectionEnd = error.error as? MustacheTemplate.Error, let open = syntax.unclosedSection {
                throw TemplateProblem(
                    message: "\(open.tag) is never closed (close it with {{/\(open.name)}})", line: open.line,
                    column: open.column)
            }
            // The engine stops inside the tag it cannot read: name where that tag starts. Its
            // lines count the pragma's.
            let line = max(1, error.context.lineNumber - 1)
            let column = Self.tagStart(in: error.context.line, before: error.context.columnNumber)
            throw TemplateProblem(
                message: Self.explain(error.error), line: line,
                column: syntax.positions.originalColumn(line: line, column: column))
        } catch {
            throw TemplateProblem(message: "the template cannot be read: \(error)", line: 1, column: 1)
        }
    }

    /// Whether a file's bytes make it a template: they contain `{{`.
    static func isTemplate(_ bytes: some Sequence<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "{"), previous == UInt8(ascii: "{") { return true }
            previous = byte
        }
        return false
    }

    /// The text rendered for `scope`, within the limits of its meter (``TemplateScope/meter``).
    func render(_ scope: TemplateScope) -> RenderResult {
        let meter = scope.meter
        meter.costs = sectionCosts
        var text = ""
        for segment in segments {
            switch segment {
            case .text(let part): text += part
            case .variables(let run): run.render(scope, into: &text)
            case .template(let template): text += template.render(scope)
            }
            meter.checkTotal(text.utf8.count)
            if meter.stopped != nil { break }
        }
        switch meter.stopped {
        case nil: return .rendered(text)
        case .abandoned: return .abandoned
        case .some(let stop): return .overBudget(Self.problem(stop, meter: meter), stop)
        }
    }

    /// The problem of a rendering that went past its limits, at the section it was passing over
    /// (the file's first line when it was in none).
    private static func problem(_ stop: RenderMeter.Stop, meter: RenderMeter) -> TemplateProblem {
        let limits = meter.limits
        let limit =
            stop == .iterations
            ? "its limit of \(limits.iterations) passes over sections (templateLimits.iterations)"
            : "its limit of \(ByteSize(bytes: Int64(limits.outputBytes))) of output (templateLimits.output)"
        guard let section = meter.lastSection, !section.tag.isEmpty else {
            return TemplateProblem(message: "the rendering went past \(limit)", line: 1, column: 1)
        }
        return TemplateProblem(
            message: "the rendering went past \(limit) in \(section.tag)", line: section.line, column: section.column)
    }

    /// The column of the last `{{` on `line` before `column`, or `column` when there is none.
    private static func tagStart(in line: String, before column: Int) -> Int {
        let characters = Array(line)
        var index = min(column - 1, characters.count) - 1
        while index > 0 {
            if characters[index - 1] == "{", characters[index] == "{" {
                var start = index - 1
                while start > 0, characters[start - 1] == "{" { start -= 1 }
                return start + 1
            }
            index -= 1
        }
        return column
    }

    /// The engine's error in words that say what to change.
    private static func explain(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "the template cannot be read: \(error)" }
        return switch error {
        case .sectionCloseNameIncorrect:
            "this closing tag does not match the section it closes ({{#name}} closes with {{/name}})"
        case .unfinishedName:
            "a tag is not closed with }}, or its name has a character names cannot have (letters, digits, . _ - only)"
        case .expectedSectionEnd:
            "a section opened with {{#name}} or {{^name}} is never closed with {{/name}}"
        case .invalidSetDelimiter:
            "a {{=… …=}} tag is malformed"
        case .transformAppliedToInheritanceSection, .illegalTokenInsideInheritSection, .textInsideInheritSection:
            "template inheritance ({{<…}} with {{$…}} blocks) is malformed"
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable:
            "a {{%…}} pragma is malformed or unknown"
        }
    }
}
