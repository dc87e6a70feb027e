import Foundation
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

@Suite struct RequestControlTests {
    @Test func parsesHeadersCaseInsensitively() throws {
        let control = try RequestControl.parse(headers: [
            ("x-mock-latency", "100ms..400ms"),
            ("X-MOCK-FAULT", "reset@0.5,status:500@0.1"),
            ("X-Mock-Bandwidth", "64KiB/s"),
            ("X-Mock-Dribble", "10x2s"),
        ])
        #expect(control.layer.latency == .uniform(lower: .milliseconds(100), upper: .milliseconds(400)))
        #expect(control.layer.faults?.description == "reset@0.5,status:500@0.1")
        #expect(control.layer.bandwidth == .bytesPerSecond(65_536))
        #expect(control.layer.dribble == .chunks(10, over: .seconds(2)))
    }

    @Test func parsesQueryParametersAndPrefersHeaders() throws {
        let control = try RequestControl.parse(
            headers: [("X-Mock-Latency", "5ms")],
            query: [("__latency", "9s"), ("__fault", "status:503"), ("__bandwidth", "1MiB/s"), ("__dribble", "off")]
        )
        #expect(control.layer.latency == .fixed(.milliseconds(5)))
        #expect(control.layer.faults?.rules.first?.fault == .status(503))
        #expect(control.layer.bandwidth == .bytesPerSecond(1_048_576))
        #expect(control.layer.dribble == .off)
        #expect(try RequestControl.parse(headers: [], query: [("__LATENCY", "1s")]).isEmpty)
        #expect(try RequestControl.parse(headers: [("X-Other", "1")]) == .none)
    }

    @Test func repeatedFaultHeadersFormOneList() throws {
        let control = try RequestControl.parse(headers: [("X-Mock-Fault", "reset@0.5"), ("X-Mock-Fault", "hang@0.5")])
        #expect(control.layer.faults?.description == "reset@0.5,hang@0.5")
        let tooMuch = try #require(throws: RequestControlError.self) {
            try RequestControl.parse(headers: [("X-Mock-Fault", "reset@0.7"), ("X-Mock-Fault", "hang@0.5")])
        }
        #expect(tooMuch.reason.contains("add up to 1.2"))
    }

    @Test(arguments: [
        ("X-Mock-Latency", "-5ms", "negative duration"),
        ("X-Mock-Latency", "", "empty latency"),
        ("X-Mock-Latency", "5 parsecs", "unknown unit"),
        ("X-Mock-Latency", "99999999999999999h", "too long"),
        ("X-Mock-Fault", "explode", "unknown fault"),
        ("X-Mock-Fault", "status:503@2", "above 1"),
        ("X-Mock-Bandwidth", "0B/s", "below 1 B/s"),
        ("X-Mock-Dribble", "0x1s", "out of range"),
    ])
    func invalidHeadersNameTheHeaderAndWhy(header: String, value: String, reason: String) throws {
        let error = try #require(throws: RequestControlError.self) { try RequestControl.parse(headers: [(header, value)]) }
        #expect(error.source == .header(header))
        #expect(error.value == value)
        #expect(error.reason.contains(reason))
        #expect(error.description.hasPrefix("invalid header \(header): "))
        #expect(error.jsonBody["header"] == header)
        #expect(error.jsonBody["error"] == error.description)
        // The server serialises the body; it must be valid JSON.
        #expect(throws: Never.self) { try JSONSerialization.data(withJSONObject: error.jsonBody) }
    }

    @Test func invalidQueryParametersNameTheParameter() throws {
        let error = try #require(throws: RequestControlError.self) {
            try RequestControl.parse(headers: [], query: [("__fault", "status:99")])
        }
        #expect(error.source == .queryParameter("__fault"))
        #expect(error.description.hasPrefix("invalid query parameter __fault: "))
        #expect(error.jsonBody["queryParameter"] == "__fault")
        let twice = try #require(throws: RequestControlError.self) {
            try RequestControl.parse(headers: [], query: [("__latency", "1s"), ("__latency", "2s")])
        }
        #expect(twice.reason.contains("given 2 times"))
    }

    @Test func controlLayersDropFieldsRequestsCannotSet() throws {
        let control = RequestControl(
            layer: SettingsLayer(sequence: try FaultSequence(spec: "hang"), response: try ResponseOverride(status: 500)))
        #expect(control.isEmpty)
    }
}
