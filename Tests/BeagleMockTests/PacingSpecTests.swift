import Testing

@testable import BeagleMock

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

    @Test func dribbleReplacesBandwidthUnlessOff() {
        #expect(
            Pacing(bandwidth: .bytesPerSecond(100), dribble: .chunks(4, over: .seconds(1)))
                == .dribble(chunks: 4, duration: .seconds(1)))
        #expect(Pacing(bandwidth: .bytesPerSecond(100), dribble: .off) == .bandwidth(bytesPerSecond: 100))
        #expect(Pacing(bandwidth: .unlimited, dribble: nil) == .unpaced)
        #expect(Pacing(bandwidth: nil, dribble: nil) == .unpaced)
    }
}
