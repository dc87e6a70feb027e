import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

@Suite struct CommandLineSettingsTests {
    @Test func parsesEveryFlag() throws {
        let settings = try CommandLineSettings(
            latency: "lognormal:120ms,0.4",
            faults: ["status:503@0.2", "reset@0.05,hang@0.01"],
            bandwidth: "750kbit/s",
            seed: "18446744073709551615",
            hangMax: "5m",
            journalSize: "1000",
            echo: true,
            noCORS: true
        )
        #expect(settings.latency == .logNormal(median: .milliseconds(120), sigma: 0.4, max: nil))
        #expect(settings.faults?.description == "status:503@0.2,reset@0.05,hang@0.01")
        #expect(settings.bandwidth == .bytesPerSecond(93_750))
        #expect(settings.seed == UInt64.max)
        #expect(settings.hangMax == .seconds(300))
        #expect(settings.journalSize == 1_000)
        #expect(settings.echo && settings.noCORS)
        let none = try CommandLineSettings(latency: nil, faults: [], bandwidth: nil, seed: nil, hangMax: nil, journalSize: nil)
        #expect(none == CommandLineSettings())
        #expect(none.layer.isEmpty)
    }

    @Test func errorsSayWhichFlagWhatAndWhy() throws {
        let latency = try #require(throws: FlagError.self) { try CommandLineSettings.parseLatency("5 parsecs") }
        #expect(
            latency.description
                == "invalid value \"5 parsecs\" for --latency: unknown unit \"parsecs\" in duration \"5 parsecs\"; use ns, us, ms, s, m or h, like 250ms"
        )
        let sum = try #require(throws: FlagError.self) { try CommandLineSettings.parseFaults(["status:503@0.6", "reset@0.6"]) }
        #expect(sum.flag == "--fault")
        #expect(sum.reason.contains("add up to 1.2"))
        #expect(
            try #require(throws: FlagError.self) { try CommandLineSettings.parseFaults(["boom"]) }.reason.contains(
                "unknown fault"))
        #expect(try #require(throws: FlagError.self) { try CommandLineSettings.parseBandwidth("fast") }.flag == "--bandwidth")
        #expect(
            try #require(throws: FlagError.self) { try CommandLineSettings.parseSeed("-1") }.reason.contains("not a whole number")
        )
        #expect(
            try #require(throws: FlagError.self) { try CommandLineSettings.parseSeed("18446744073709551616") }.reason.contains(
                "too large"))
        #expect(try #require(throws: FlagError.self) { try CommandLineSettings.parseSeed("0x10") }.flag == "--seed")
        #expect(try #require(throws: FlagError.self) { try CommandLineSettings.parseHangMax("0") }.reason.contains("more than 0"))
        #expect(
            try #require(throws: FlagError.self) { try CommandLineSettings.parseHangMax("NaN") }.reason.contains(
                "not a finite duration"))
        #expect(try #require(throws: FlagError.self) { try CommandLineSettings.parseJournalSize("0") }.flag == "--journal-size")
        #expect(
            try #require(throws: FlagError.self) { try CommandLineSettings.parseJournalSize("1e3") }.reason.contains(
                "whole number"))
        #expect(
            try #require(throws: FlagError.self) { try CommandLineSettings.parseJournalSize("100001") }.reason.contains(
                "from 1 to 100000"))
        let multiLine = try #require(throws: FlagError.self) { try CommandLineSettings.parseLatency("1s\nboom") }
        #expect(!multiLine.description.contains("\n"))
    }
}
