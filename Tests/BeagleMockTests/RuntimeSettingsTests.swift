import Foundation
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

@Suite struct RuntimeSettingsTests {
    func decode(_ json: String) throws(RuntimeSettingsError) -> RuntimeSettings {
        try RuntimeSettings.decode(json: Data(json.utf8))
    }

    @Test func decodesFaultListsAndEchoForms() throws {
        let settings = try decode(
            """
            {"latency": "200ms", "faults": ["status:503@0.2", {"fault": "reset", "rate": 0.05}],
             "bandwidth": "64KiB/s", "echo": ["Authorization"], "seed": 18446744073709551615}
            """)
        #expect(settings.latency == .fixed(.milliseconds(200)))
        #expect(settings.faults?.description == "status:503@0.2,reset@0.05")
        #expect(settings.bandwidth == .bytesPerSecond(65_536))
        #expect(settings.echo == .headers(["Authorization"]))
        #expect(settings.seed == UInt64.max)
        #expect(try decode("{\"echo\": true, \"seed\": 7}").echo == .allHeaders)
        #expect(try decode("{\"echo\": false}").echo == .off)
        #expect(try decode("{\"faults\": []}").faults == .empty)
        #expect(try decode("{}") == .none)
        #expect(try decode("{\"latency\": null, \"seed\": null}") == .none)
    }

    @Test func roundTripsThroughJSON() throws {
        let settings = RuntimeSettings(
            latency: .uniform(lower: .milliseconds(100), upper: .milliseconds(400)),
            faults: try FaultRules(spec: "status:503@0.2,reset@0.5"),
            bandwidth: .bytesPerSecond(1_000),
            echo: .headers(["beagle-platform"]),
            seed: 42
        )
        let json = settings.jsonData()
        #expect(try RuntimeSettings.decode(json: json) == settings)
        let text = String(decoding: RuntimeSettings.none.jsonData(), as: UTF8.self)
        #expect(text == #"{"bandwidth":null,"echo":null,"faults":null,"latency":null,"profile":null,"seed":null}"#)
        let encoded = String(decoding: json, as: UTF8.self)
        #expect(encoded.contains(#""faults":["status:503@0.2","reset@0.5"]"#))
        #expect(encoded.contains(#""latency":"100ms..400ms""#))
    }

    @Test(arguments: [
        (#"{"latency": "-5ms"}"#, "latency", "negative duration"),
        (#"{"latency": 200}"#, "latency", "expected a string"),
        (#"{"bandwidth": "fast"}"#, "bandwidth", "has no \"/s\""),
        (#"{"bandwidth": "KiB/s"}"#, "bandwidth", "missing number"),
        (#"{"faults": ["status:503@0.2", "boom"]}"#, "faults[1]", "unknown fault"),
        (#"{"faults": [{"fault": "reset", "rate": 2}]}"#, "faults[0]", "out of range"),
        (#"{"faults": [42]}"#, "faults[0]", "expected"),
        (#"{"faults": ["reset@0.6", "hang@0.6"]}"#, "faults", "add up to 1.2"),
        (#"{"faults": {"fault": "reset"}}"#, "faults", "expected a JSON array of fault rules"),
        (#"{"faults": "reset"}"#, "faults", "expected a JSON array of fault rules"),
        (#"{"faults": "reset@0.5,hang@0.1"}"#, "faults", "not a string \"reset@0.5,hang@0.1\""),
        (#"{"faults": 1}"#, "faults", "expected a JSON array of fault rules"),
        (#"{"echo": "yes"}"#, "echo", "expected true, false or a list"),
        (#"{"echo": ["bad name"]}"#, "echo", "not a valid HTTP header name"),
        (#"{"seed": -1}"#, "seed", "expected a JSON integer"),
        (#"{"seed": 1.5}"#, "seed", "not the number 1.5"),
        (#"{"seed": "abc"}"#, "seed", "expected a JSON integer"),
        (#"{"seed": "7"}"#, "seed", "expected a JSON integer"),
        (#"{"seed": "18446744073709551615"}"#, "seed", "not a string \"18446744073709551615\""),
        (#"{"seed": 18446744073709551616}"#, "seed", "expected a JSON integer"),
        (#"{"seed": true}"#, "seed", "expected a JSON integer"),
        (#"{"latnecy": "5ms"}"#, "latnecy", "did you mean latency?"),
    ])
    func validationErrorsNameTheField(json: String, field: String, message: String) throws {
        let error = try #require(throws: RuntimeSettingsError.self) { try decode(json) }
        #expect(error.field == field)
        #expect(error.message.contains(message))
        #expect(error.description.hasPrefix("\(field): "))
    }

    @Test func malformedBodiesAreRefusedWhole() throws {
        for body in ["", "not json", "[1, 2]", "\"200ms\""] {
            let error = try #require(throws: RuntimeSettingsError.self) { try decode(body) }
            #expect(error.field == nil)
            #expect(error.message.contains("not a JSON object of settings"))
        }
    }

    @Test func overridesTakeEffectOnThePlan() throws {
        let plan = SettingsStore(randomSeed: 1)
        plan.replaceRuntime(try decode(#"{"latency": "300ms", "faults": ["status:503"], "seed": 4}"#))
        let decision = plan.requestPlan(method: "GET", path: "/x")
        #expect(decision.latency == .milliseconds(300))
        #expect(decision.fault == .status(503))
        #expect(decision.seed == 4)
    }
}
