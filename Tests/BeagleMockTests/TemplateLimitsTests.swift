import BeagleScreens
import Foundation
import NIOCore
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// One budget for a whole rendering (Docs/Templates.md, "Limits"): passes over sections and bytes
/// written, however sections nest and whatever the request sends. One at a time: each keeps a
/// thread busy until it reaches its limit.
@Suite(.serialized) struct TemplateLimitsTests {
    /// How `source` ends when rendered for a request with `body` and `headers`.
    static func outcome(
        _ source: String, body: String? = nil, headers: [(String, String)] = [], limits: TemplateLimits = .standard,
        isAbandoned: @escaping () -> Bool = { false }
    ) throws -> (outcome: ScreenTemplate.RenderResult, meter: RenderMeter) {
        let template = try ScreenTemplate(source: source)
        let meter = RenderMeter(limits: limits, isAbandoned: isAbandoned)
        let request = TemplateRequest(
            method: "POST", path: "/feed", params: [:], query: QueryParameters(""),
            headers: SentHeaders(fields: headers.map { SentHeaders.Field(name: $0.0, value: $0.1) }),
            body: body.map { ByteBuffer(string: $0) }, meter: meter)
        return (template.render(TemplateScope(request: request, seed: 1, draw: 1, meter: meter)), meter)
    }

    /// The problem of a rendering that went past its limits, and which limit.
    static func overBudget(_ outcome: ScreenTemplate.RenderResult) throws -> (TemplateProblem, RenderMeter.Stop) {
        guard case .overBudget(let problem, let stop) = outcome else { throw Unexpected(outcome: "\(outcome)") }
        return (problem, stop)
    }

    struct Unexpected: Error {
        let outcome: String
    }

    /// The hostile run's template: two nested repeats of 10,000, 10^8 passes with a cap per tag.
    static let nested =
        #"{"x":[{{#repeat 10000}}[{{#repeat 10000}}{{index}}{{^last}},{{/last}}{{/repeat}}]{{^last}},{{/last}}{{/repeat}}]}"#

    /// Limits of the standard kind, smaller, so that a debug build reaches them in a moment.
    static let small = TemplateLimits(iterations: 5_000, outputBytes: 1 << 20)

    @Test func theStandardLimitsAreDocumented() {
        #expect(TemplateLimits.standard == TemplateLimits(iterations: 100_000, outputBytes: 16 << 20))
    }

    @Test func nestedRepeatsStopAtTheLimitOfPassesForTheWholeRendering() throws {
        let (outcome, meter) = try Self.outcome(Self.nested, limits: Self.small)
        let (problem, stop) = try Self.overBudget(outcome)
        #expect(stop == .iterations)
        #expect(meter.iterations == Self.small.iterations + 1)
        // At the inner repeat, where the passes went over.
        #expect((problem.line, problem.column) == (1, 25))
        #expect(problem.message.contains("5000 passes over sections (templateLimits.iterations)"))
        #expect(problem.message.contains("{{#repeat 10000}}"))
    }

    @Test func aBodyWrittenInARepeatStopsAtTheOutputLimit() throws {
        let body = String(repeating: "b", count: 256 << 10)
        let (outcome, meter) = try Self.outcome(
            "{{#repeat 10000}}{{{request.body}}}{{/repeat}}", body: body, limits: Self.small)
        let (problem, stop) = try Self.overBudget(outcome)
        #expect(stop == .output)
        #expect(problem.message.contains("1MiB of output (templateLimits.output)"))
        // The body was written four times before the fifth went over: nothing more was made.
        #expect(meter.bytes <= 5 * (256 << 10) + 100)
    }

    @Test func aLongHeaderWrittenInARepeatStopsAtTheOutputLimit() throws {
        let header = String(repeating: "h", count: 60_000)
        let (outcome, _) = try Self.outcome(
            "{{#repeat 10000}}{{request.headers.x-long}}{{/repeat}}", headers: [("X-Long", header)], limits: Self.small)
        #expect(try Self.overBudget(outcome).1 == .output)
    }

    @Test func valuesOutsideAnySectionCountToo() throws {
        let tags = String(repeating: "{{{request.body}}}\n", count: 300)
        let (outcome, _) = try Self.outcome(tags, body: String(repeating: "v", count: 10_000), limits: Self.small)
        let (problem, stop) = try Self.overBudget(outcome)
        #expect(stop == .output)
        #expect((problem.line, problem.column) == (1, 1))
    }

    @Test func sectionsOverBodyArraysCountTheirElements() throws {
        let array = "[" + (0..<1_000).map(String.init).joined(separator: ",") + "]"
        let (outcome, _) = try Self.outcome(
            "{{#request.body.a}}{{#request.body.a}}.{{/request.body.a}}{{/request.body.a}}", body: #"{"a":\#(array)}"#,
            limits: Self.small)
        let (problem, stop) = try Self.overBudget(outcome)
        #expect(stop == .iterations)
        #expect(problem.message.contains("{{#request.body.a}}"))
    }

    @Test func aStaticTextRepeatedCountsAtItsLength() throws {
        // 10,000 passes, under the limit of passes, over 100 KiB of output.
        let text = String(repeating: "t", count: 1_000)
        let limits = TemplateLimits(iterations: 100_000, outputBytes: 100 << 10)
        let (outcome, meter) = try Self.outcome("{{#repeat 10000}}\(text){{/repeat}}", limits: limits)
        #expect(try Self.overBudget(outcome).1 == .output)
        #expect(meter.iterations < 200)
    }

    @Test func withinTheLimitsEveryPassIsRendered() throws {
        let (outcome, meter) = try Self.outcome("{{#repeat 400}}{{#repeat 10}}x{{/repeat}}{{/repeat}}", limits: Self.small)
        guard case .rendered(let text) = outcome else {
            Issue.record("expected a rendering, got \(outcome)")
            return
        }
        #expect(text.count == 4_000)
        #expect(meter.iterations == 4_400)
    }

    @Test func theLimitsAreTheRenderingsOwn() throws {
        let limits = TemplateLimits(iterations: 10, outputBytes: 1 << 20)
        guard case .rendered = try Self.outcome("{{#repeat 10}}x{{/repeat}}", limits: limits).outcome else {
            Issue.record("10 passes are within a limit of 10")
            return
        }
        #expect(try Self.overBudget(Self.outcome("{{#repeat 11}}x{{/repeat}}", limits: limits).outcome).1 == .iterations)
        let small = TemplateLimits(iterations: 100, outputBytes: 5)
        #expect(try Self.overBudget(Self.outcome("{{request.method}}-{{request.path}}", limits: small).outcome).1 == .output)
    }

    @Test func anAbandonedRenderingStops() throws {
        var asked = 0
        let (outcome, meter) = try Self.outcome(
            Self.nested, limits: Self.small,
            isAbandoned: {
                asked += 1
                return asked > 2
            })
        guard case .abandoned = outcome else {
            Issue.record("expected an abandoned rendering, got \(outcome)")
            return
        }
        #expect(meter.iterations < 2_000)
    }

    @Test func validateReportsTheLimitAsADiagnosticAtTheSection() throws {
        let renderer = TemplateSample.renderer(honouring: VerbatimList(root: "/nonexistent-screens"), limits: Self.small)
        guard case .unrenderable(let diagnostic) = renderer(Data(Self.nested.utf8), "feed.json") else {
            Issue.record("expected a diagnostic")
            return
        }
        #expect((diagnostic.file, diagnostic.line, diagnostic.column) == ("feed.json", 1, 25))
        #expect(diagnostic.message.contains("templateLimits.iterations"))
    }

    @Test func theConfigSetsTheLimits() throws {
        let configuration = try ConfigLoader.parse(yaml: "templateLimits: {iterations: 5000, output: 2MiB}\n")
        #expect(configuration.templateLimits == TemplateLimits(iterations: 5_000, outputBytes: 2 << 20))
        let half = try ConfigLoader.parse(yaml: "templateLimits: {output: 1KiB}\n")
        #expect(half.templateLimits == TemplateLimits(iterations: 100_000, outputBytes: 1_024))
        for (text, words) in [
            ("templateLimits: {iterations: 0}", "templateLimits.iterations must be from 1"),
            ("templateLimits: {output: 2GiB}", "templateLimits.output must be from 1B to 1GiB"),
            ("templateLimits: {iterations: many}", "whole number"),
            ("templateLimits: {passes: 3}", "passes"),
            ("templateLimits: 16MiB", "{iterations: 100000, output: 16MiB}"),
        ] {
            do {
                _ = try ConfigLoader.parse(yaml: text + "\n", file: "beagle-mock.yml")
                Issue.record("\(text) was accepted")
            } catch {
                #expect(error.description.contains(words), "\(text): \(error.description)")
                #expect(error.line == 1, "\(text)")
            }
        }
    }
}
