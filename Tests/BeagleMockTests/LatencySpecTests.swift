import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

@Suite struct LatencySpecTests {
    @Test func parsesTheThreeForms() throws {
        #expect(try LatencySpec(spec: "250ms") == .fixed(.milliseconds(250)))
        #expect(try LatencySpec(spec: "100ms..400ms") == .uniform(lower: .milliseconds(100), upper: .milliseconds(400)))
        #expect(try LatencySpec(spec: "1s .. 3s") == .uniform(lower: .seconds(1), upper: .seconds(3)))
        #expect(try LatencySpec(spec: "lognormal:120ms,0.4") == .logNormal(median: .milliseconds(120), sigma: 0.4, max: nil))
        #expect(
            try LatencySpec(spec: "LogNormal:120ms, 0.4, 5s")
                == .logNormal(median: .milliseconds(120), sigma: 0.4, max: .seconds(5)))
        #expect(try LatencySpec(spec: "200ms..200ms") == .uniform(lower: .milliseconds(200), upper: .milliseconds(200)))
    }

    @Test(arguments: [
        ("", "empty latency"),
        ("400ms..100ms", "lower bound above its upper bound"),
        ("100ms..", "needs both bounds"),
        ("..100ms", "needs both bounds"),
        ("-1ms..5ms", "negative duration"),
        ("lognormal:120ms", "needs a median and a sigma"),
        ("lognormal:120ms,0.4,5s,9s", "needs a median and a sigma"),
        ("lognormal:120ms,-0.4", "negative log-normal sigma"),
        ("lognormal:120ms,nan", "not a number"),
        ("lognormal:120ms,inf", "not a number"),
        ("lognormal:120ms,1e400", "not a number"),
        ("lognormal:120ms,11", "out of range"),
        ("lognormal:120ms,", "missing log-normal sigma"),
        ("lognormal:1s,0.4,500ms", "below the median"),
        ("lognormal:-5ms,0.4", "negative duration"),
        ("5 parsecs", "unknown unit"),
        ("normal:120ms,0.4", "missing number"),
        ("１００ms..４００ms", "missing number"),
        ("lognormal:120ms,０.4", "not a number"),
        ("250ms🐢", "unknown unit"),
    ])
    func refusesBadLatencies(text: String, expectedMessage: String) {
        #expect {
            try LatencySpec(spec: text)
        } throws: { error in
            (error as? SpecError)?.message.contains(expectedMessage) == true
        }
    }

    @Test(arguments: ["250ms", "100ms..400ms", "lognormal:120ms,0.4", "lognormal:120ms,0.4,5s", "0ms"])
    func descriptionRoundTrips(text: String) throws {
        let spec = try LatencySpec(spec: text)
        #expect(spec.description == text)
        #expect(try LatencySpec(spec: spec.description) == spec)
    }

    @Test func uniformDrawsStayInBoundsAndCoverTheRange() throws {
        let spec = try LatencySpec(spec: "100ms..400ms")
        var random = SeededRandom(seed: 42)
        var draws: [Duration] = []
        for _ in 0..<2_000 { draws.append(spec.draw(using: &random)) }
        #expect(draws.allSatisfy { $0 >= .milliseconds(100) && $0 <= .milliseconds(400) })
        #expect(try #require(draws.min()) < .milliseconds(110))
        #expect(try #require(draws.max()) > .milliseconds(390))
    }

    @Test func logNormalDrawsHaveTheMedianAndRespectTheCap() throws {
        let spec = try LatencySpec(spec: "lognormal:120ms,0.4,300ms")
        var random = SeededRandom(seed: 7)
        var draws: [Duration] = []
        for _ in 0..<4_001 { draws.append(spec.draw(using: &random)) }
        #expect(draws.allSatisfy { $0 >= .zero && $0 <= .milliseconds(300) })
        let median = draws.sorted()[2_000]
        // The sample median of 4,001 draws sits within a few percent of the true median.
        #expect(median > .milliseconds(110) && median < .milliseconds(130))
        #expect(draws.contains(.milliseconds(300)))
    }

    @Test func hugeSigmaIsCappedAtTheDurationLimit() throws {
        let spec = try LatencySpec(spec: "lognormal:1h,10")
        var random = SeededRandom(seed: 1)
        for _ in 0..<500 {
            let draw = spec.draw(using: &random)
            #expect(draw >= .zero && draw <= Duration.specMaximum)
        }
    }

    @Test func drawsAreDeterministicForAGeneratorState() throws {
        let spec = try LatencySpec(spec: "lognormal:120ms,0.4")
        var first = SeededRandom(seed: 99)
        var second = SeededRandom(seed: 99)
        let a = (0..<50).map { _ in spec.draw(using: &first) }
        let b = (0..<50).map { _ in spec.draw(using: &second) }
        #expect(a == b)
        #expect(Set(a).count > 40)
    }
}

/// The waits a latency spec usually draws, what `probe --compare` sets the BFF's times beside.
@Suite struct LatencySpecUsualRangeTests {
    @Test func aFixedWaitIsItselfAndAUniformRangeIsWhole() throws {
        #expect(try LatencySpec(spec: "250ms").usualRange == .milliseconds(250) ... .milliseconds(250))
        #expect(try LatencySpec(spec: "100ms..400ms").usualRange == .milliseconds(100) ... .milliseconds(400))
        #expect(LatencySpec.none.usualRange == .zero ... .zero)
    }

    @Test func aLogNormalIsItsFifthToNinetyFifthPercentileCappedByItsMaximum() throws {
        let open = try LatencySpec(spec: "lognormal:100ms,0.5").usualRange
        // 100 ms × e^(±1.645 × 0.5): 43.9 ms to 227.7 ms.
        #expect(open.lowerBound > .milliseconds(43) && open.lowerBound < .milliseconds(44))
        #expect(open.upperBound > .milliseconds(227) && open.upperBound < .milliseconds(228))
        let capped = try LatencySpec(spec: "lognormal:100ms,0.5,150ms").usualRange
        #expect(capped.upperBound == .milliseconds(150))
        #expect(try LatencySpec(spec: "lognormal:100ms,0").usualRange == .milliseconds(100) ... .milliseconds(100))
    }
}
