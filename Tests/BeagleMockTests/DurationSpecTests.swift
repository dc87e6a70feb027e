import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

@Suite struct DurationSpecTests {
    @Test(arguments: [
        ("250ms", Duration.milliseconds(250)),
        ("1.5s", .milliseconds(1_500)),
        ("2m", .seconds(120)),
        ("1h", .seconds(3_600)),
        ("0", .zero),
        ("0.0", .zero),
        ("0ms", .zero),
        ("500us", .microseconds(500)),
        ("500µs", .microseconds(500)),
        ("7ns", .nanoseconds(7)),
        (" 250 ms ", .milliseconds(250)),
        ("0.001s", .milliseconds(1)),
        ("1.0000000009s", .nanoseconds(1_000_000_000)),
        ("24h", .seconds(86_400)),
        ("007ms", .milliseconds(7)),
    ])
    func parsesValidDurations(text: String, expected: Duration) throws {
        #expect(try Duration(spec: text) == expected)
    }

    @Test(arguments: [
        ("", "empty duration"),
        ("   ", "empty duration"),
        ("-5ms", "negative duration"),
        ("-0", "negative duration"),
        ("NaN", "not a finite duration"),
        ("nanms", "not a finite duration"),
        ("inf", "not a finite duration"),
        ("infinity", "not a finite duration"),
        ("99999999999999999h", "too long"),
        ("99999999999999999999999999ms", "too long"),
        ("25h", "too long"),
        ("5 parsecs", "unknown unit \"parsecs\""),
        ("5MS", "units are lower-case"),
        ("ms", "missing number"),
        ("250", "missing unit"),
        ("1.2.3s", "malformed number"),
        ("1.s", "malformed number"),
        (".5s", "malformed number"),
        ("1e3ms", "unknown unit"),
        (".5s", "malformed number"),
        ("０ms", "missing number"),
        ("٣s", "missing number"),
        ("5ms\u{0}", "unknown unit"),
        ("5ms\nX-Injected: 1", "unknown unit"),
        ("🐢", "missing number"),
    ])
    func refusesHostileDurations(text: String, expectedMessage: String) {
        #expect {
            try Duration(spec: text)
        } throws: { error in
            (error as? SpecError)?.message.contains(expectedMessage) == true
        }
    }

    @Test func errorMessagesQuoteControlCharactersAndCutLongValues() throws {
        let error = try #require(throws: SpecError.self) { try Duration(spec: "5ms\nX-Evil: 1") }
        #expect(!error.message.contains("\n"))
        let long = String(repeating: "x", count: 10_000)
        let longError = try #require(throws: SpecError.self) { try Duration(spec: "5" + long) }
        #expect(longError.message.count < 400)
    }

    @Test(arguments: ["250ms", "1.5s", "2m", "1h", "0ms", "500us", "7ns", "1.05s", "90s", "61m", "1.001s", "999ms"])
    func canonicalDescriptionRoundTrips(text: String) throws {
        let duration = try Duration(spec: text)
        #expect(duration.specDescription == text)
        #expect(try Duration(spec: duration.specDescription) == duration)
    }

    @Test func descriptionsPickTheLargestExactUnit() throws {
        #expect(try Duration(spec: "120s").specDescription == "2m")
        #expect(try Duration(spec: "1500ms").specDescription == "1.5s")
        #expect(try Duration(spec: "0.5s").specDescription == "500ms")
        #expect(try Duration(spec: "60m").specDescription == "1h")
        #expect(try Duration(spec: "1.5ms").inMilliseconds == 1.5)
        #expect(try Duration(spec: "2s").nanosecondCount == 2_000_000_000)
    }
}
