import Foundation
import Mustache
import NIOCore
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// Runs of plain variables give, without the engine, the text the engine gives (Docs/Templates.md).
@Suite struct VariableRunTests {
    static let when = Date(timeIntervalSince1970: 1_790_000_000)

    /// A scope for a request with these parts, drawing from `draw`.
    static func scope(draw: UInt64 = 5) -> TemplateScope {
        let meter = RenderMeter()
        let request = TemplateRequest(
            method: "POST", path: "/product/42", params: ["id": "42", "tab": "a\"b"],
            query: QueryParameters("q=two%20words&q=ignored&quote=a%22b%5Cc%0Ad&empty="),
            headers: SentHeaders(fields: [.init(name: "X-User", value: "ann"), .init(name: "x-user", value: "bob")]),
            body: ByteBuffer(string: #"{"user":{"name":"Ann \"A\""},"n":3}"#), meter: meter)
        return TemplateScope(request: request, seed: 7, draw: draw, now: when, meter: meter)
    }

    static func engine(_ text: String) throws -> String {
        JSONStringContent.registered
        return try MustacheTemplate(string: TemplateSyntax.jsonPragma + "\n" + text).render(scope())
    }

    static func run(_ text: String) throws -> VariableRun? {
        JSONStringContent.registered
        return try VariableRun(text) { tag throws(TemplateProblem) in
            do {
                return try MustacheTemplate(string: TemplateSyntax.jsonPragma + "\n" + tag)
            } catch {
                throw TemplateProblem(message: "\(error)", line: 1, column: 1)
            }
        }
    }

    @Test(arguments: [
        #"{"m":"{{request.method}}","p":"{{ request.path }}","id":"{{request.params.id}}","s":{{seed}}}"#,
        #""q":"{{request.query.q}}","raw":"{{{request.query.quote}}}","esc":"{{request.query.quote}}","e":"{{request.query.empty}}""#,
        #""h":"{{request.headers.X-USER}}","amp":"{{& request.headers.x-user }}","tab":"{{request.params.tab}}""#,
        #""none":"{{request.query.none}}{{nothing}}{{request.nothing.deeper}}{{seed.x}}{{uuid.x}}{{request.path.x}}""#,
        #""u":"{{uuid}}","u2":"{{uuid}}","now":"{{now}}","r":{{random.1.6}},"b":"{{{beagleMockOpenBraces}}}""#,
        #""body":"{{request.body.user.name}}","n":{{request.body.n}},"req":"{{request}}""#,
        "no tag at all\n",
        "crlf {{seed}}\r\n{{request.method}}\r\n",
        "{{seed}}",
        "  {{seed}}  \n{{request.method}}\n",
    ])
    func aRunRendersAsTheEngineRendersIt(text: String) throws {
        let run = try #require(try Self.run(text))
        var rendered = ""
        run.render(Self.scope(), into: &rendered)
        let engine = try Self.engine(text)
        #expect(rendered == engine, "without the engine: \(rendered)\nthe engine: \(engine)")
    }

    /// The names that VariableRun writes itself, and those it leaves to the engine.
    @Test func namesOfTheTemplatesOwnValuesAreFoundWithoutTheEngine() {
        let scope = Self.scope()
        #expect(VariableRun.lookUp(["request", "query", "q"], in: scope) == .text("two words"))
        #expect(VariableRun.lookUp(["request", "headers", "x-user"], in: scope) == .text("ann, bob"))
        #expect(VariableRun.lookUp(["request", "params", "id"], in: scope) == .text("42"))
        #expect(VariableRun.lookUp(["request", "params", "none"], in: scope) == .missing)
        #expect(VariableRun.lookUp(["seed"], in: scope) == .text("7"))
        #expect(VariableRun.lookUp(["seed", "x"], in: scope) == .missing)
        #expect(VariableRun.lookUp(["request", "body", "n"], in: scope) == .engine)
        #expect(VariableRun.lookUp(["random", "1", "6"], in: scope) == .engine)
        #expect(VariableRun.lookUp(["request"], in: scope) == .engine)
        // validate's sample request is not one of the values it walks.
        let sample = TemplateScope(request: TemplateSample.SampleRequest(method: "GET", path: "/p"), seed: 1, draw: 1)
        #expect(VariableRun.lookUp(["request", "path"], in: sample) == .engine)
    }

    /// Texts the engine refuses or trims at their end are left to it.
    @Test(arguments: ["{{seed}}{", "{{seed}}\n  ", "{{seed}}\r\n\t"])
    func textsTheEngineEndsOtherwiseAreLeftToIt(text: String) throws {
        #expect(try Self.run(text) == nil)
    }

    /// Tags other than plain variables, and names the engine reads otherwise, leave the run to it.
    @Test(arguments: [
        "{{#request.query.q}}x{{/request.query.q}}", "{{^seed}}x{{/seed}}", "{{! comment }}", "{{> partial}}",
        "{{.}}", "{{.seed}}", "{{seed.}}", "{{a..b}}", "{{uppercased(request.method)}}", "{{\tseed}}", "{{seed",
        "{{{seed}}", "{{=<% %>=}}", "{{}}",
    ])
    func otherTagsAreLeftToTheEngine(text: String) throws {
        #expect(try Self.run(text) == nil)
    }

    /// Each variable is looked up once, so `uuid` draws as often, in the same order, as with the engine.
    @Test func drawsAreTheEnginesDraws() throws {
        let text = #"{{uuid}} {{random.1.1000}} {{uuid.x}}{{uuid}} {{random.1.1000}}"#
        let run = try #require(try Self.run(text))
        for draw: UInt64 in [1, 2, 3] {
            var rendered = ""
            run.render(Self.scope(draw: draw), into: &rendered)
            JSONStringContent.registered
            let engine = try MustacheTemplate(string: TemplateSyntax.jsonPragma + "\n" + text).render(Self.scope(draw: draw))
            #expect(rendered == engine)
        }
    }
}
