import BeagleScreens
import Foundation
import Mustache
import NIOCore
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// Templates rendered alone, without a server (Docs/Templates.md).
@Suite struct ScreenTemplateTests {
    /// Renders `source` for a request with these parts.
    static func render(
        _ source: String, method: String = "GET", path: String = "/product/42", params: [String: String] = ["id": "42"],
        query: String = "", headers: [(String, String)] = [], body: String? = nil, seed: UInt64 = 7, draw: UInt64 = 1
    ) throws -> String {
        let template = try ScreenTemplate(source: source)
        let meter = RenderMeter()
        let request = TemplateRequest(
            method: method, path: path, params: params, query: QueryParameters(Substring(query)),
            headers: SentHeaders(fields: headers.map { SentHeaders.Field(name: $0.0, value: $0.1) }),
            body: body.map { ByteBuffer(string: $0) }, meter: meter)
        return try template.render(TemplateScope(request: request, seed: seed, draw: draw, meter: meter)).text()
    }

    @Test func requestValuesAreInserted() throws {
        let text = try Self.render(
            #"{"m":"{{request.method}}","p":"{{request.path}}","id":"{{request.params.id}}","q":"{{request.query.q}}","h":"{{request.headers.x-user}}","s":{{seed}}}"#,
            method: "POST", query: "q=two%20words&q=ignored", headers: [("X-User", "ann")])
        #expect(text == #"{"m":"POST","p":"/product/42","id":"42","q":"two words","h":"ann","s":7}"#)
    }

    @Test func headersAreFoundInAnyCase() throws {
        let text = try Self.render(
            "{{request.headers.authorization}}|{{request.headers.AUTHORIZATION}}", headers: [("Authorization", "Bearer t")])
        #expect(text == "Bearer t|Bearer t")
    }

    @Test func theBodyIsWalkedByDottedPathsWithArrayIndexes() throws {
        let body =
            #"{"user":{"name":"Ann","tags":["a","b"]},"items":[{"sku":"S-1","qty":2},{"sku":"S-2","qty":1}],"vip":false,"note":null}"#
        let text = try Self.render(
            #"{{request.body.user.name}} {{request.body.items.1.sku}} {{request.body.items.0.qty}} {{request.body.user.tags.1}} [{{request.body.note}}] {{request.body.vip}}"#,
            body: body)
        #expect(text == "Ann S-2 2 b [] false")
    }

    @Test func aWholeValueIsCompactJSONAndRawInTripleBraces() throws {
        let text = try Self.render(
            #"{"echo":{{{request.body.user}}},"count":{{request.body.n}}}"#, body: #"{"user": {"a": [1, 2.50]}, "n": 3}"#)
        #expect(text == #"{"echo":{"a":[1,2.50]},"count":3}"#)
    }

    @Test func sectionsIterateArraysAndSkipFalseAndNull() throws {
        let body = #"{"items":[{"sku":"A"},{"sku":"B"}],"vip":false,"none":null,"empty":[]}"#
        let text = try Self.render(
            "{{#request.body.items}}{{sku}};{{/request.body.items}}{{#request.body.vip}}vip{{/request.body.vip}}{{^request.body.vip}}basic{{/request.body.vip}}{{#request.body.none}}x{{/request.body.none}}{{^request.body.empty}}no items{{/request.body.empty}}",
            body: body)
        #expect(text == "A;B;basicno items")
    }

    @Test func aBodyThatIsNotJSONIsText() throws {
        #expect(try Self.render("[{{request.body}}] [{{request.body.a}}]", body: "a=1&b=2") == "[a=1&b=2] []")
    }

    @Test func missingValuesRenderEmpty() throws {
        #expect(
            try Self.render("[{{request.query.nope}}][{{request.params.nope}}][{{request.body.a.b}}][{{nothing.at.all}}]")
                == "[][][][]")
    }

    @Test func insertedValuesAreEscapedForJSONStrings() throws {
        let text = try Self.render(#"{"q":"{{request.query.q}}"}"#, query: "q=%22quoted%22%20back%5Cslash%0Anew%09tab%01")
        #expect(text == #"{"q":"\"quoted\" back\\slash\nnew\ttab\u0001"}"#)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
        #expect(parsed?["q"] == "\"quoted\" back\\slash\nnew\ttab\u{1}")
        // Not HTML: <, > and & pass unchanged.
        #expect(try Self.render("{{request.query.q}}", query: "q=%3Ca%3E%26") == "<a>&")
    }

    @Test func beaglesExpressionsAndEscapedBracesPassThrough() throws {
        let text = try Self.render(#"{"text":"@{context.name} and @{item.qty} \{{not a tag}} {{request.params.id}}"}"#)
        #expect(text == #"{"text":"@{context.name} and @{item.qty} {{not a tag}} 42"}"#)
    }

    @Test func repeatGivesIndexNumberFirstAndLast() throws {
        let text = try Self.render(
            #"[{{#repeat 3}}{"i":{{index}},"n":{{number}}}{{^last}},{{/last}}{{/repeat}}]{{#repeat 0}}never{{/repeat}}"#)
        #expect(text == #"[{"i":0,"n":1},{"i":1,"n":2},{"i":2,"n":3}]"#)
        let nested = try Self.render("{{#repeat 2}}{{#repeat 2}}{{index}}{{/repeat}}|{{/repeat}}")
        #expect(nested == "01|01|")
    }

    @Test func randomNumbersStayInTheirRangeAndFollowTheDraw() throws {
        let source = "{{#repeat 200}}{{random 1 6}} {{/repeat}}"
        let numbers = try Self.render(source).split(separator: " ").compactMap { Int($0) }
        #expect(numbers.count == 200)
        #expect(numbers.allSatisfy { (1...6).contains($0) })
        #expect(Set(numbers).count == 6)
        #expect(try Self.render(source, draw: 1) == Self.render(source, draw: 1))
        #expect(try Self.render(source, draw: 1) != Self.render(source, draw: 2))
        #expect(try Self.render("{{random -5 -5}}|{{random 0 0}}") == "-5|0")
    }

    @Test func uuidsAreVersion4AndFollowTheDraw() throws {
        let text = try Self.render("{{uuid}} {{uuid}}")
        let parts = text.split(separator: " ").map(String.init)
        #expect(parts.count == 2)
        #expect(parts[0] != parts[1])
        for uuid in parts {
            #expect(UUID(uuidString: uuid) != nil)
            #expect(uuid == uuid.lowercased())
            #expect(Array(uuid)[14] == "4")
            #expect("89ab".contains(Array(uuid)[19]))
        }
        #expect(try Self.render("{{uuid}}", draw: 5) == Self.render("{{uuid}}", draw: 5))
    }

    @Test func nowIsISO8601InUTC() throws {
        let text = try Self.render("{{now}}")
        #expect(text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
    }

    @Test func onlyBytesWithDoubleBracesAreTemplates() {
        #expect(ScreenTemplate.isTemplate(Array(#"{"a":"{{x}}"}"#.utf8)))
        #expect(!ScreenTemplate.isTemplate(Array(#"{"a":{"b":"{ {"}}"#.utf8)))
        #expect(!ScreenTemplate.isTemplate(Array("".utf8)))
    }

    /// The problem compiling `source` raises.
    static func problem(_ source: String) -> TemplateProblem? {
        do {
            _ = try ScreenTemplate(source: source)
            return nil
        } catch {
            return error
        }
    }

    @Test func problemsNameTheFilesLineAndColumn() throws {
        let unclosedTag = try #require(Self.problem("{\n  \"a\": \"{{request.path\"\n}"))
        #expect((unclosedTag.line, unclosedTag.column) == (2, 9))
        let unclosedSection = try #require(Self.problem("[\n  {{#repeat 2}}x\n]"))
        #expect((unclosedSection.line, unclosedSection.column) == (2, 3))
        #expect(unclosedSection.message.contains("{{#repeat 2}} is never closed"))
        let mismatch = try #require(Self.problem(#"{"a":"{{#x}}{{/y}}"}"#))
        #expect((mismatch.line, mismatch.column) == (1, 13))
        // Columns after a translated tag on the same line are the file's.
        let afterEscape = try #require(Self.problem(#"{"a":"\{{ {{random 1 2}} {{#repeat 1}}{{/repeat}} {{bad name}}"}"#))
        #expect((afterEscape.line, afterEscape.column) == (1, 51))
    }

    @Test(arguments: [
        "{{#repeat}}{{/repeat}}", "{{#repeat -1}}{{/repeat}}", "{{#repeat 10001}}{{/repeat}}", "{{#repeat x}}{{/repeat}}",
        "{{random}}", "{{random 1}}", "{{random 6 1}}", "{{random a b}}", "{{random 1 2 3}}",
    ])
    func misusedHelpersAreProblemsAtTheirTag(source: String) throws {
        let problem = try #require(Self.problem("x " + source))
        #expect((problem.line, problem.column) == (1, 3))
    }

    @Test func sampleRenderingChecksTheJSONAnAppWouldGet() throws {
        let renderer = try #require(TemplateSample.renderer(screensFolder: "/nonexistent-screens"))
        let good = renderer(
            Data(#"{"id":{{request.params.id}},"q":"{{request.query.q}}"}"#.utf8), "product/[id].json")
        guard case .rendered(let bytes) = good else {
            Issue.record("expected a rendering, got \(good)")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"id":1,"q":"1"}"#)
        guard case .asIs = renderer(Data(#"{"a":1}"#.utf8), "a.json") else {
            Issue.record("a file without {{ is checked as it is")
            return
        }
        guard case .unrenderable(let diagnostic) = renderer(Data("{{#a}}".utf8), "a.json") else {
            Issue.record("an unclosed section cannot be rendered")
            return
        }
        #expect((diagnostic.file, diagnostic.line, diagnostic.column) == ("a.json", 1, 1))
        let validator = ScreenValidator(renderer: renderer)
        let broken = validator.validate(screen: Data(#"{"a": {{request.params.id}} "b": 1}"#.utf8), file: "x.json")
        #expect(broken.first?.message.contains("as rendered with sample values") == true)
    }
}

/// Rendering by runs of lines gives the bytes the whole file gives (Docs/Templates.md).
@Suite struct ScreenTemplateSegmentTests {
    static let sources = [
        "{\n  \"a\": \"{{request.path}}\",\n  \"b\": 1\n}\n",
        "[\n  {{#repeat 3}}\n  {\"i\": {{index}}}{{^last}},{{/last}}\n  {{/repeat}}\n]\n",
        "{\n  {{! a comment\n  over two lines }}\n  \"x\": \"{{seed}}\",\n  \"y\": \"\\{{literal}}\"\n}",
        "no tags on this line\n{{#request.query.vip}}\nvip\n{{/request.query.vip}}\n{{^request.query.vip}}\nbasic\n{{/request.query.vip}}\ntail",
        "{{request.method}}",
        "line\n\n\n{{seed}}\n\n",
        // Line breaks other than \n: the runs are cut where the translation counts lines.
        "{\r\n  \"a\": \"{{seed}}\",\r\n  \"b\": \"\\{{x}}\"\r\n}\r\n",
        "{\n  \"t\": \"a\u{2028}b\",\n  \"a\": \"{{request.method}}\"\n}\n",
        "x\ry\n{{seed}}\rz",
    ]

    @Test(arguments: sources)
    func runsRenderAsTheWholeFile(source: String) throws {
        let template = try ScreenTemplate(source: source)
        let syntax = try TemplateSyntax(source)
        let whole = try MustacheTemplate(string: TemplateSyntax.jsonPragma + "\n" + syntax.translated)
        for query in ["", "vip=1"] {
            let meter = RenderMeter()
            let request = TemplateRequest(
                method: "GET", path: "/p", params: [:], query: QueryParameters(Substring(query)),
                headers: SentHeaders(fields: []),
                body: nil, meter: meter)
            let scope = { TemplateScope(request: request, seed: 7, draw: 3, now: Date(timeIntervalSince1970: 0), meter: meter) }
            #expect(try template.render(scope()).text() == whole.render(scope()), "\(source)")
        }
    }

    @Test func aLargeScreenWithAFewTagsIsMostlyText() throws {
        let lines = (0..<200).map { #"  "line\#($0)": "text","# } + [#"  "id": "{{request.params.id}}""#]
        let template = try ScreenTemplate(source: "{\n" + lines.joined(separator: "\n") + "\n}\n")
        let dynamic = template.segments.filter { if case .text = $0 { false } else { true } }
        #expect(dynamic.count == 1)
        // Its one tag is a plain variable: the run is rendered without the engine.
        #expect(dynamic.allSatisfy { if case .variables = $0 { true } else { false } })
    }
}

extension ScreenTemplate.RenderResult {
    /// The rendered text; throws when the rendering did not end with one.
    func text() throws -> String {
        guard case .rendered(let text) = self else { throw NotRendered(outcome: "\(self)") }
        return text
    }

    /// A rendering that ended otherwise than with a text.
    struct NotRendered: Error {
        let outcome: String
    }
}
