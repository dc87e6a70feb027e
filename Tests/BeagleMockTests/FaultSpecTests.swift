import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

@Suite struct FaultSpecTests {
    @Test(arguments: [
        ("status:503", Fault.status(503)),
        ("STATUS:429", .status(429)),
        ("status: 500", .status(500)),
        ("status:204", .status(204)),
        ("status:200", .status(200)),
        ("status:599", .status(599)),
        ("empty-response", .emptyResponse),
        ("reset", .reset),
        ("reset-mid-body", .resetMidBody),
        ("garbage", .garbage),
        ("truncate", .truncate),
        ("malformed-chunk", .malformedChunk),
        ("malformed-json", .malformedJSON),
        ("corrupt", .corrupt),
        ("hang", .hang),
        ("none", .none),
        ("EMPTY_RESPONSE", .emptyResponse),
        ("CONNECTION_RESET_BY_PEER", .reset),
        ("RANDOM_DATA_THEN_CLOSE", .garbage),
        ("MALFORMED_RESPONSE_CHUNK", .malformedChunk),
        (" Reset ", .reset),
    ])
    func parsesFaultNames(text: String, expected: Fault) throws {
        #expect(try Fault(spec: text) == expected)
    }

    @Test(arguments: [
        ("", "empty fault"),
        ("status", "needs a status code"),
        ("status:", "missing status code"),
        ("status:99", "out of range"),
        ("status:100", "interim (1xx)"),
        ("status:199", "interim (1xx)"),
        ("status:600", "out of range"),
        ("status:5030", "not a 3-digit number"),
        ("status:-503", "not a 3-digit number"),
        ("status:abc", "not a 3-digit number"),
        ("status:５０３", "not a 3-digit number"),
        ("503", "write status:503"),
        ("rest", "did you mean reset?"),
        ("garbge", "did you mean garbage?"),
        ("ok", "\"ok\" is for sequences"),
        ("explode", "unknown fault"),
        ("💥", "unknown fault"),
    ])
    func refusesBadFaults(text: String, expectedMessage: String) {
        #expect {
            try Fault(spec: text)
        } throws: { error in
            (error as? SpecError)?.message.contains(expectedMessage) == true
        }
    }

    @Test func connectionEndingFaultsAreTheDocumentedOnes() {
        let ending: [Fault] = [.emptyResponse, .reset, .resetMidBody, .garbage, .truncate, .malformedChunk, .hang]
        let keeping: [Fault] = [.status(503), .malformedJSON, .corrupt, .none]
        #expect(ending.allSatisfy { $0.endsConnection })
        #expect(!keeping.contains { $0.endsConnection })
    }

    @Test func statusesWithoutBodies() {
        #expect(!Fault.statusAllowsBody(204))
        #expect(!Fault.statusAllowsBody(205))
        #expect(!Fault.statusAllowsBody(304))
        #expect(Fault.statusAllowsBody(503))
    }

    @Test(arguments: [
        "status:503", "empty-response", "reset", "reset-mid-body", "garbage", "truncate", "malformed-chunk", "malformed-json",
        "corrupt", "hang", "none",
    ])
    func faultDescriptionRoundTrips(text: String) throws {
        #expect(try Fault(spec: text).description == text)
    }

    @Test func parsesRules() throws {
        #expect(try FaultRule(spec: "status:503@0.2") == FaultRule(fault: .status(503), rate: 0.2))
        #expect(try FaultRule(spec: "reset@5%") == FaultRule(fault: .reset, rate: 0.05))
        #expect(try FaultRule(spec: "hang").rate == 1)
        #expect(try FaultRule(spec: "reset@0").rate == 0)
        #expect(try FaultRule(spec: "reset @ 1").rate == 1)
        #expect(try FaultRule(spec: "status:503@0.2").description == "status:503@0.2")
        #expect(try FaultRule(spec: "reset@1").description == "reset")
    }

    @Test(arguments: [
        ("", "empty fault rule"),
        ("reset@", "missing rate"),
        ("reset@-0.1", "negative rate"),
        ("reset@1.5", "above 1"),
        ("reset@150%", "above 1"),
        ("reset@nan", "not a number"),
        ("reset@inf", "not a number"),
        ("reset@1e-3", "not a number"),
        ("reset@0.2@0.3", "unknown fault"),
        ("@0.2", "empty fault"),
        ("boom@0.2", "unknown fault"),
        ("reset@０.5", "not a number"),
        ("reset@0.5\u{0}", "not a number"),
    ])
    func refusesBadRules(text: String, expectedMessage: String) {
        #expect {
            try FaultRule(spec: text)
        } throws: { error in
            (error as? SpecError)?.message.contains(expectedMessage) == true
        }
    }

    @Test func parsesCommaListsAndRefusesRatesOverOne() throws {
        let rules = try FaultRules(spec: "reset@0.5,status:500@0.1")
        #expect(rules.rules == [try FaultRule(fault: .reset, rate: 0.5), try FaultRule(fault: .status(500), rate: 0.1)])
        #expect(rules.description == "reset@0.5,status:500@0.1")
        // Decimal rounding must not make 0.1 + 0.2 + 0.7 "over 1".
        #expect(throws: Never.self) { try FaultRules(spec: "reset@0.1,hang@0.2,garbage@0.7") }
        #expect {
            try FaultRules(spec: "reset@0.7,status:503@0.5")
        } throws: { error in
            let message = (error as? SpecError)?.message ?? ""
            return message.contains("add up to 1.2") && message.contains("reset@0.7 + status:503@0.5")
        }
        #expect(throws: SpecError.self) { try FaultRules(spec: "reset,,hang") }
        #expect(throws: SpecError.self) { try FaultRules(spec: "reset,") }
        #expect(throws: SpecError.self) { try FaultRules(spec: "") }
        #expect(try FaultRules([]).rules.isEmpty)
    }

    @Test func pickFollowsTheCumulativeRule() throws {
        let rules = try FaultRules(spec: "status:503@0.2,reset@0.05")
        #expect(rules.pick(0) == .status(503))
        #expect(rules.pick(0.199_999) == .status(503))
        #expect(rules.pick(0.2) == .reset)
        #expect(rules.pick(0.249_999) == .reset)
        #expect(rules.pick(0.25) == .none)
        #expect(rules.pick(0.999_999) == .none)
        let zeroFirst = try FaultRules(spec: "hang@0,reset@1")
        #expect(zeroFirst.pick(0) == .reset)
        #expect(!zeroFirst.rules.isEmpty)
    }

    @Test func mayEndConnectionIgnoresZeroRates() throws {
        #expect(try FaultRules(spec: "status:503@0.5,reset@0.1").mayEndConnection)
        #expect(try !FaultRules(spec: "status:503@0.5,reset@0").mayEndConnection)
        #expect(try !FaultRules(spec: "malformed-json,corrupt@0").mayEndConnection)
    }

    @Test func sequencesRepeatTheirLastEntry() throws {
        let sequence = try FaultSequence(spec: "status:500, status:500, ok")
        #expect(sequence.steps == [.status(500), .status(500), .none])
        #expect(sequence.step(at: 0) == .status(500))
        #expect(sequence.step(at: 2) == Fault.none)
        #expect(sequence.step(at: 1_000) == Fault.none)
        #expect(sequence.description == "[status:500, status:500, ok]")
        #expect(try FaultSequence([]).step(at: 0) == nil)
        #expect(try FaultSequence(spec: "ok,reset").mayEndConnection)
        #expect(throws: SpecError.self) { try FaultSequence(spec: "status:500@0.5") }
        #expect(throws: SpecError.self) { try FaultSequence(spec: "status:500,,ok") }
        #expect(throws: SpecError.self) { try FaultSequence(Array(repeating: .none, count: 10_001)) }
    }

    @Test func responseOverridesRefuseHeaderInjection() throws {
        let override = try ResponseOverride(status: 422, headers: [("X-Foo", "bar")])
        #expect(override.status == 422)
        #expect(override.headers == [ResponseOverride.Header(name: "X-Foo", value: "bar")])
        #expect(throws: SpecError.self) { try ResponseOverride(status: 99) }
        #expect(throws: SpecError.self) { try ResponseOverride(status: nil, headers: [("X Foo", "bar")]) }
        #expect(throws: SpecError.self) { try ResponseOverride(status: nil, headers: [("X-Foo", "bar\r\nSet-Cookie: a=b")]) }
        #expect(throws: SpecError.self) { try ResponseOverride(status: nil, headers: [("", "bar")]) }
    }
}
