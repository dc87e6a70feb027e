import Mustache

/// A screen file that contains `{{`, compiled once per version of the file and rendered per
/// request by swift-mustache (Docs/Templates.md).
struct ScreenTemplate: Sendable {
    private let template: MustacheTemplate

    /// Compiles `source`; throws the file's line and column when it cannot be rendered.
    init(source: String) throws(TemplateProblem) {
        JSONStringContent.registered
        let syntax = try TemplateSyntax(source)
        do {
            template = try MustacheTemplate(string: syntax.translated)
        } catch let error as MustacheTemplate.ParserError {
            if case .expectedSectionEnd = error.error as? MustacheTemplate.Error, let open = syntax.unclosedSection {
                throw TemplateProblem(
                    message: "\(open.tag) is never closed (close it with {{/\(open.name)}})", line: open.line,
                    column: open.column)
            }
            // The engine stops inside the tag it cannot read: name where that tag starts.
            let line = error.context.lineNumber
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

    /// The rendered text.
    func render(_ scope: TemplateScope) -> String {
        template.render(scope)
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
