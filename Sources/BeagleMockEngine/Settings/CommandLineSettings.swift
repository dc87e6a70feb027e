import BeagleMockHTTP

/// The `serve` flags this module understands, parsed (Docs/Configuration.md, "Flags"): the layer
/// between route rules and the config file, for latency and faults as for the server-wide settings.
///
/// The command parses its strings with the static `parse…` functions (or ``init(latency:faults:bandwidth:seed:hangMax:journalSize:echo:noCORS:profile:)``)
/// and turns a ``FlagError`` into ArgumentParser's `ValidationError(error.description)`.
public struct CommandLineSettings: Sendable, Hashable {
    /// `--latency SPEC`.
    package var latency: LatencySpec?
    /// Every `--fault SPEC[@RATE]`, as one list; nil when none was given.
    package var faults: FaultRules?
    /// `--bandwidth RATE`.
    package var bandwidth: Bandwidth?
    /// `--seed N`.
    package var seed: UInt64?
    /// `--hang-max DURATION`.
    package var hangMax: Duration?
    /// `--journal-size N`.
    package var journalSize: Int?
    /// `--echo`: echo every header (overrides the file's `echo`).
    package var echo: Bool
    /// `--no-cors`: CORS off (overrides the file's `cors`).
    package var noCORS: Bool
    /// `--profile NAME`: fills the latency, bandwidth and faults the other flags do not set.
    package var profile: NetworkProfile?
    /// `--upstream URL` (or `BEAGLE_MOCK_UPSTREAM`): the real BFF behind the mock (Docs/Proxy.md).
    package var upstream: UpstreamURL?
    /// `--upstream-timeout DURATION`.
    package var upstreamTimeout: Duration?
    /// `--upstream-ca FILE`.
    package var upstreamCA: String?
    /// `--record [overwrite]`.
    package var record: RecordMode?
    /// `--record-max-size SIZE`.
    package var recordMaxSize: ByteSize?
    /// `--record-latency`.
    package var recordLatency: Bool?

    /// Creates settings from parsed values; every argument defaults to "flag not given".
    package init(
        latency: LatencySpec? = nil,
        faults: FaultRules? = nil,
        bandwidth: Bandwidth? = nil,
        seed: UInt64? = nil,
        hangMax: Duration? = nil,
        journalSize: Int? = nil,
        echo: Bool = false,
        noCORS: Bool = false,
        profile: NetworkProfile? = nil
    ) {
        self.profile = profile
        self.latency = latency
        self.faults = faults
        self.bandwidth = bandwidth
        self.seed = seed
        self.hangMax = hangMax
        self.journalSize = journalSize
        self.echo = echo
        self.noCORS = noCORS
        self.upstream = nil
        self.upstreamTimeout = nil
        self.upstreamCA = nil
        self.record = nil
        self.recordMaxSize = nil
        self.recordLatency = nil
    }

    /// No flags given: every setting comes from the config file or the defaults.
    public init() {
        self.init(
            latency: nil, faults: nil, bandwidth: nil, seed: nil, hangMax: nil, journalSize: nil, echo: false, noCORS: false)
    }

    /// Creates settings from the flags' raw strings, as ArgumentParser hands them over.
    public init(
        latency: String?,
        faults: [String],
        bandwidth: String?,
        seed: String?,
        hangMax: String?,
        journalSize: String?,
        echo: Bool = false,
        noCORS: Bool = false,
        profile: String? = nil
    ) throws(FlagError) {
        self.init(
            latency: try latency.map { text throws(FlagError) in try Self.parseLatency(text) },
            faults: faults.isEmpty ? nil : try Self.parseFaults(faults),
            bandwidth: try bandwidth.map { text throws(FlagError) in try Self.parseBandwidth(text) },
            seed: try seed.map { text throws(FlagError) in try Self.parseSeed(text) },
            hangMax: try hangMax.map { text throws(FlagError) in try Self.parseHangMax(text) },
            journalSize: try journalSize.map { text throws(FlagError) in try Self.parseJournalSize(text) },
            echo: echo,
            noCORS: noCORS,
            profile: try profile.map { text throws(FlagError) in
                try Self.flag("--profile", text) { text throws(SpecError) in try NetworkProfile(spec: text) }
            }
        )
    }

    /// The flags as a layer of settings.
    var layer: SettingsLayer {
        SettingsLayer(
            latency: latency, bandwidth: bandwidth, faults: faults, seed: seed, echo: echo ? .allHeaders : nil,
            cors: noCORS ? false : nil, hangMax: hangMax, journalSize: journalSize
        ).filled(by: profile)
    }

    /// Parses `--latency SPEC`.
    package static func parseLatency(_ text: String) throws(FlagError) -> LatencySpec {
        try flag("--latency", text) { text throws(SpecError) in try LatencySpec(spec: text) }
    }

    /// Parses every `--fault SPEC[@RATE]` (each may also be a comma list) into one list whose rates
    /// must sum to at most 1.
    package static func parseFaults(_ texts: [String]) throws(FlagError) -> FaultRules {
        var rules: [FaultRule] = []
        for text in texts {
            rules += try flag("--fault", text) { text throws(SpecError) in try FaultRules(spec: text) }.rules
        }
        return try flag("--fault", texts.joined(separator: " --fault ")) { _ throws(SpecError) in try FaultRules(rules) }
    }

    /// Parses `--bandwidth RATE`.
    package static func parseBandwidth(_ text: String) throws(FlagError) -> Bandwidth {
        try flag("--bandwidth", text) { text throws(SpecError) in try Bandwidth(spec: text) }
    }

    /// Parses `--seed N`, a decimal `UInt64`.
    package static func parseSeed(_ text: String) throws(FlagError) -> UInt64 {
        try flag("--seed", text) { text throws(SpecError) in try SettingChecks.seed(text) }
    }

    /// Parses `--hang-max DURATION` (more than 0, at most 24h).
    package static func parseHangMax(_ text: String) throws(FlagError) -> Duration {
        try flag("--hang-max", text) { text throws(SpecError) in try SettingChecks.hangMax(Duration(spec: text)) }
    }

    /// Parses `--journal-size N` (1 to 100,000).
    package static func parseJournalSize(_ text: String) throws(FlagError) -> Int {
        try flag("--journal-size", text) { text throws(SpecError) in try SettingChecks.journalSize(text) }
    }

    /// Parses `--upstream URL`: http or https, with a host.
    package static func parseUpstream(_ text: String) throws(FlagError) -> UpstreamURL {
        try flag("--upstream", text) { text throws(SpecError) in try UpstreamURL(text) }
    }

    /// Parses `--upstream-timeout DURATION` (more than 0).
    package static func parseUpstreamTimeout(_ text: String) throws(FlagError) -> Duration {
        try flag("--upstream-timeout", text) { text throws(SpecError) in
            try UpstreamSettings.validateTimeout(Duration(spec: text))
        }
    }

    /// Parses `--record-max-size SIZE` (1 byte to 1 GiB).
    package static func parseRecordMaxSize(_ text: String) throws(FlagError) -> ByteSize {
        try flag("--record-max-size", text) { text throws(SpecError) in try SettingChecks.recordMaxSize(text) }
    }

    private static func flag<T>(_ name: String, _ text: String, _ parse: (String) throws(SpecError) -> T) throws(FlagError) -> T {
        do {
            return try parse(text)
        } catch {
            throw FlagError(flag: name, value: text, reason: error.message)
        }
    }
}

/// An invalid `serve` flag value; its ``description`` is made for ArgumentParser's `ValidationError`.
public struct FlagError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The flag, like `--latency`.
    public let flag: String
    /// The value given.
    public let value: String
    /// Why it was refused and how to write it.
    public let reason: String

    /// `invalid value "5 parsecs" for --latency: unknown unit "parsecs" …`
    public var description: String {
        "invalid value \(SpecError.quote(value)) for \(flag): \(reason)"
    }
}
