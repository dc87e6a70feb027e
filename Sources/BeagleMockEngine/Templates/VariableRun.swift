import BeagleMockHTTP
import Mustache

/// A run of a screen's lines whose only tags are plain variables (`{{request.query.name}}`,
/// `{{{seed}}}`, `{{& now}}`), rendered without the engine where it can be: the engine splits every
/// dotted name and looks each part up through casts to its protocols on every rendering, which
/// cost a template request more than the rest of its work (Docs/Benchmarks.md).
///
/// A name is looked up the way the engine looks it up, through the same `child(named:)` of the
/// same values, while each value on the way is one of the template's own (the scope, the request,
/// its query, headers and path parameters); its value is written as the engine writes a string or
/// an integer, escaped for a JSON string unless the tag is triple or `&`. Any other value (the
/// body, a helper) is left to the engine, whose rendering of that one tag is kept compiled beside
/// it and looks the name up again from the start: that is the same text only because every
/// lookup on the way to such a value has no side effect. `uuid`, the one lookup that draws, gives
/// a string, which is written here (``TemplateScope/child(named:)``).
///
/// For the runs ``ScreenTemplate`` makes, the text is the engine's; texts it never makes (ending
/// in `{`, which the engine refuses, or in a last line of spaces, which it drops) are left to the
/// engine.
struct VariableRun: Sendable {
    /// A piece of the run: text as it is, or a variable.
    enum Piece: Sendable {
        case text(String)
        case variable(Variable)
    }

    /// A variable tag: its dotted name, whether its value is escaped, and the engine's rendering of it.
    struct Variable: Sendable {
        let path: [String]
        let escaped: Bool
        let engine: MustacheTemplate
    }

    let pieces: [Piece]

    /// The run of `text` (a run of the translated file), or nil when some tag in it is not a
    /// plain variable; `compile` makes the engine's template of a tag.
    init?(_ text: String, compile: (String) throws(TemplateProblem) -> MustacheTemplate) throws(TemplateProblem) {
        // The engine refuses a text that ends in `{` and drops a last line of spaces or tabs.
        if text.hasSuffix("{") { return nil }
        let lastLine = text[(text.lastIndex(where: \.isNewline).map(text.index(after:)) ?? text.startIndex)...]
        if !lastLine.isEmpty, lastLine.allSatisfy({ $0 == " " || $0 == "\t" }) { return nil }
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            if open.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<open.lowerBound]))) }
            guard let (tag, path, escaped) = Self.variableTag(at: rest[open.lowerBound...]) else { return nil }
            pieces.append(.variable(Variable(path: path, escaped: escaped, engine: try compile(String(tag)))))
            rest = rest[tag.endIndex...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        self.pieces = pieces
    }

    /// The variable tag `text` starts with (`{{name}}`, `{{{name}}}`, `{{&name}}`, spaces allowed
    /// around the name): the tag's text, its name's parts and whether its value is escaped; nil
    /// for any other tag, or a name the engine would read differently (a leading, trailing or
    /// doubled dot, a transform's parentheses).
    private static func variableTag(at text: Substring) -> (tag: Substring, path: [String], escaped: Bool)? {
        var index = text.index(text.startIndex, offsetBy: 2)
        var escaped = true
        var closing = "}}"
        if index < text.endIndex, text[index] == "{" {
            escaped = false
            closing = "}}}"
            index = text.index(after: index)
        } else if index < text.endIndex, text[index] == "&" {
            escaped = false
            index = text.index(after: index)
        }
        let inside = text[index...]
        guard let end = inside.firstRange(of: closing) else { return nil }
        let name = inside[..<end.lowerBound].trimmingPrefix(while: { $0 == " " })
        let trimmed = name[..<(name.lastIndex(where: { $0 != " " }).map(name.index(after:)) ?? name.startIndex)]
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy(Self.isNameByte) else { return nil }
        let path = trimmed.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !path.contains(where: \.isEmpty) else { return nil }
        return (text[..<end.upperBound], path, escaped)
    }

    /// A letter, a digit, `.`, `_` or `-`: what the engine's names are made of.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// The run rendered for `scope`, after `text`.
    func render(_ scope: TemplateScope, into text: inout String) {
        for piece in pieces {
            switch piece {
            case .text(let part):
                text += part
            case .variable(let variable):
                switch Self.lookUp(variable.path, in: scope) {
                case .missing: break
                case .text(let value): text += variable.escaped ? JSONStringContent().escapeText(value) : value
                case .engine: text += variable.engine.render(scope)
                }
            }
        }
    }

    /// What a name comes to.
    enum Found: Equatable {
        /// Nothing: the engine writes nothing.
        case missing
        case text(String)
        /// A value only the engine knows how to walk or write.
        case engine
    }

    /// The value of `path` from `scope`, looked up as the engine looks it up, while the values on
    /// the way are the template's own.
    static func lookUp(_ path: [String], in scope: TemplateScope) -> Found {
        var value: Any = scope
        for name in path {
            let child: Any?
            switch value {
            case let parent as TemplateScope: child = parent.child(named: name)
            case let parent as TemplateRequest: child = parent.child(named: name)
            case let parent as TemplateRequest.Query: child = parent.child(named: name)
            case let parent as TemplateRequest.Headers: child = parent.child(named: name)
            case let parameters as TemplateRequest.Params: child = parameters.child(named: name)
            // A string or a number has no children: the engine finds nothing under it.
            case is String, is UInt64: return .missing
            default: return .engine
            }
            guard let child else { return .missing }
            value = child
        }
        switch value {
        case let text as String: return .text(text)
        case let number as UInt64: return .text(String(number))
        default: return .engine
        }
    }
}
