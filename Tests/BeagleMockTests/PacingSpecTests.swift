import Foundation
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

@Suite struct PacingSpecTests {
    @Test(arguments: [
        ("64KiB/s", 65_536),
        ("1MiB/s", 1_048_576),
        ("500KB/s", 500_000),
        ("500kB/s", 500_000),
        ("1024B/s", 1_024),
        ("1.5MiB/s", 1_572_864),
        ("750kbit/s", 93_750),
        ("2Mbit/s", 250_000),
        ("2mbit/s", 250_000),
        ("1Gbit/s", 125_000_000),
        ("8bit/s", 1),
        ("64 KiB/s", 65_536),
        ("10GiB/s", 10_737_418_240),
    ])
    func parsesRates(text: String, bytesPerSecond: Int) throws {
        #expect(try Bandwidth(spec: text) == .bytesPerSecond(bytesPerSecond))
    }

    @Test func unlimitedSwitchesPacingOff() throws {
        #expect(try Bandwidth(spec: "unlimited") == .unlimited)
        #expect(try Bandwidth(spec: "Unlimited").description == "unlimited")
    }

    @Test(arguments: [
        ("", "empty bandwidth"),
        ("-64KiB/s", "negative bandwidth"),
        ("0B/s", "below 1 B/s"),
        ("1bit/s", "below 1 B/s"),
        ("NaNKiB/s", "not a finite rate"),
        ("infB/s", "not a finite rate"),
        ("64KiB", "has no \"/s\""),
        ("KiB/s", "missing number"),
        ("64kb/s", "ambiguous"),
        ("64Kb/s", "ambiguous"),
        ("64kib/s", "ambiguous"),
        ("64 parsecs/s", "unknown bandwidth unit"),
        ("11GiB/s", "over the 10GiB/s limit"),
        ("99999999999999999999999GiB/s", "over the 10GiB/s limit"),
        ("1.2.3KiB/s", "malformed number"),
        ("６４KiB/s", "missing number"),
    ])
    func refusesBadRates(text: String, expectedMessage: String) {
        #expect {
            try Bandwidth(spec: text)
        } throws: { error in
            (error as? SpecError)?.message.contains(expectedMessage) == true
        }
    }

    /// A rate below 1 B/s is an error wherever a bandwidth is read, never a rate rounded up to
    /// 1 B/s (Docs/LatencyAndFaults.md, "Bandwidth").
    @Test(arguments: ["0.5B/s", "7bit/s", "0.9999999999999999999B/s", "0.0001kB/s", "0.00000000001GiB/s"])
    func subByteRatesAreRefusedEverywhere(text: String) throws {
        let below = "bandwidth \"\(text)\" is below 1 B/s"
        #expect {
            try Bandwidth(spec: text)
        } throws: { error in
            (error as? SpecError)?.message.hasPrefix(below) == true
        }
        let flag = try #require(throws: FlagError.self) { try CommandLineSettings.parseBandwidth(text) }
        #expect(flag.flag == "--bandwidth" && flag.description.contains(below))
        let header = try #require(throws: RequestControlError.self) {
            try RequestControl.parse(headers: [("X-Mock-Bandwidth", text)])
        }
        #expect(header.reason.contains(below))
        let query = try #require(throws: RequestControlError.self) {
            try RequestControl.parse(headers: [], query: [("__bandwidth", text)])
        }
        #expect(query.reason.contains(below))
        let yaml = try #require(throws: ConfigError.self) {
            try ConfigLoader.parse(
                yaml: "bandwidth: \(text)\nroutes:\n  - path: /a\n    bandwidth: 1B/s\n", file: "beagle-mock.yml")
        }
        #expect(yaml.message.contains(below))
        let route = try #require(throws: ConfigError.self) {
            try ConfigLoader.parse(yaml: "routes:\n  - path: /a\n    bandwidth: \(text)\n", file: "beagle-mock.yml")
        }
        #expect(route.message.contains(below))
        let runtime = try #require(throws: RuntimeSettingsError.self) {
            try RuntimeSettings.decode(json: Data(#"{"bandwidth": "\#(text)"}"#.utf8))
        }
        #expect(runtime.field == "bandwidth" && runtime.message.hasPrefix(below))
    }

    /// Bandwidth is a cap: a fraction of a byte per second is dropped, never rounded up, and
    /// the arithmetic is exact (a double would make 1.005kB/s 1004.99… B/s).
    @Test(arguments: [
        ("1.5B/s", 1),
        ("1.999B/s", 1),
        ("12bit/s", 1),
        ("15bit/s", 1),
        ("16bit/s", 2),
        ("1.005kB/s", 1_005),
        ("0.9999999999999999999kB/s", 999),
        ("100.5kbit/s", 12_562),
        ("0.3MB/s", 300_000),
        ("1.0000000000000000001B/s", 1),
        ("10737418239.9B/s", 10_737_418_239),
    ])
    func fractionsOfAByteAreDropped(text: String, bytesPerSecond: Int) throws {
        #expect(try Bandwidth(spec: text) == .bytesPerSecond(bytesPerSecond))
        #expect(try CommandLineSettings.parseBandwidth(text) == .bytesPerSecond(bytesPerSecond))
        #expect(
            try RequestControl.parse(headers: [("X-Mock-Bandwidth", text)]).layer.bandwidth == .bytesPerSecond(bytesPerSecond))
        #expect(
            try ConfigLoader.parse(yaml: "bandwidth: \(text)\n", file: "c.yml").globals.bandwidth
                == .bytesPerSecond(bytesPerSecond))
        #expect(
            try RuntimeSettings.decode(json: Data(#"{"bandwidth": "\#(text)"}"#.utf8)).bandwidth
                == .bytesPerSecond(bytesPerSecond))
    }

    /// Just over the limit is over it, even when the fraction would be dropped.
    @Test func justOverTheLimitIsRefused() {
        #expect(throws: SpecError.self) { try Bandwidth(spec: "10737418240.5B/s") }
    }

    @Test(arguments: ["64KiB/s", "1MiB/s", "500kB/s", "1000B/s", "93750B/s", "unlimited", "2MB/s"])
    func bandwidthDescriptionRoundTrips(text: String) throws {
        let rate = try Bandwidth(spec: text)
        #expect(try Bandwidth(spec: rate.description) == rate)
    }

    @Test func bandwidthDescriptionsAreCanonical() throws {
        #expect(try Bandwidth(spec: "1024B/s").description == "1KiB/s")
        #expect(try Bandwidth(spec: "750kbit/s").description == "93750B/s")
        #expect(try Bandwidth(spec: "2Mbit/s").description == "250kB/s")
    }

    @Test func parsesDribbles() throws {
        #expect(try Dribble(spec: "10x2s") == .chunks(10, over: .seconds(2)))
        #expect(try Dribble(spec: " 1 x 500ms ") == .chunks(1, over: .milliseconds(500)))
        #expect(try Dribble(spec: "off") == .off)
        #expect(try Dribble(spec: "10x2s").description == "10x2s")
    }

    @Test(arguments: [
        ("", "empty dribble"),
        ("0x2s", "out of range"),
        ("10001x2s", "out of range"),
        ("99999999999999999999x2s", "out of range"),
        ("-1x2s", "not a whole number"),
        ("tenx2s", "not a whole number"),
        ("10x", "empty duration"),
        ("10x-2s", "negative duration"),
        ("10", "not CHUNKSxDURATION"),
        ("10×2s", "not CHUNKSxDURATION"),
        ("10x2 parsecs", "unknown unit"),
    ])
    func refusesBadDribbles(text: String, expectedMessage: String) {
        #expect {
            try Dribble(spec: text)
        } throws: { error in
            (error as? SpecError)?.message.contains(expectedMessage) == true
        }
    }

    @Test func aDribbleWaitsNTimesAtMostWhateverTheNumberOfPieces() async throws {
        var pacer = BodyPacer(.dribble(chunks: 3, duration: .milliseconds(30)))
        let clock = ContinuousClock()
        let started = clock.now
        for _ in 0..<12 { try await pacer.beforeChunk() }
        #expect(clock.now - started >= .milliseconds(30))
        #expect(pacer.waits == 3)
    }

    @Test func dribbleReplacesBandwidthUnlessOff() {
        #expect(
            Pacing(bandwidth: .bytesPerSecond(100), dribble: .chunks(4, over: .seconds(1)))
                == .dribble(chunks: 4, duration: .seconds(1)))
        #expect(Pacing(bandwidth: .bytesPerSecond(100), dribble: .off) == .bandwidth(bytesPerSecond: 100))
        #expect(Pacing(bandwidth: .unlimited, dribble: nil) == .unpaced)
        #expect(Pacing(bandwidth: nil, dribble: nil) == .unpaced)
    }
}
