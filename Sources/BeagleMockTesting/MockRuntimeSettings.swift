/// The runtime overrides of `GET` and `PUT /__admin/settings` (Docs/AdminAPI.md, "Runtime
/// settings"): above the config file and the server's flags, below a request's own
/// `X-Mock-*` headers. Each field is the text the admin API takes; nil means "not overridden".
public struct MockRuntimeSettings: Sendable, Hashable, Codable {
    /// Latency for every request, like `200ms` or `100ms..400ms`.
    public var latency: String?
    /// Fault rules for every request, like `status:503@0.2`; `[]` clears the lower layers' faults.
    public var faults: [String]?
    /// Bandwidth for every request, like `64KiB/s`.
    public var bandwidth: String?
    /// Header echo.
    public var echo: Echo?
    /// The seed for the random draws (faults by rate, latency ranges).
    public var seed: UInt64?
    /// A network profile, like `3g`, filling the latency, bandwidth and faults not set here.
    public var profile: String?

    /// Which request headers the server echoes back.
    public enum Echo: Sendable, Hashable {
        /// None, even if a lower layer echoes.
        case off
        /// Every header.
        case allHeaders
        /// The headers named.
        case headers([String])
    }

    /// Overrides; every argument defaults to "not overridden".
    public init(
        latency: String? = nil, faults: [String]? = nil, bandwidth: String? = nil, echo: Echo? = nil, seed: UInt64? = nil,
        profile: String? = nil
    ) {
        self.latency = latency
        self.faults = faults
        self.bandwidth = bandwidth
        self.echo = echo
        self.seed = seed
        self.profile = profile
    }

    private enum CodingKeys: String, CodingKey {
        case latency, faults, bandwidth, echo, seed, profile
    }

    /// Decodes the admin API's JSON (`echo` is `true`, `false` or a list of header names).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        latency = try container.decodeIfPresent(String.self, forKey: .latency)
        faults = try container.decodeIfPresent([String].self, forKey: .faults)
        bandwidth = try container.decodeIfPresent(String.self, forKey: .bandwidth)
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
        profile = try container.decodeIfPresent(String.self, forKey: .profile)
        if let flag = try? container.decodeIfPresent(Bool.self, forKey: .echo) {
            echo = flag ? .allHeaders : .off
        } else {
            echo = try container.decodeIfPresent([String].self, forKey: .echo).map { .headers($0) }
        }
    }

    /// Encodes the admin API's JSON, `null` for what is not overridden.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latency, forKey: .latency)
        try container.encode(faults, forKey: .faults)
        try container.encode(bandwidth, forKey: .bandwidth)
        switch echo {
        case nil: try container.encodeNil(forKey: .echo)
        case .off: try container.encode(false, forKey: .echo)
        case .allHeaders: try container.encode(true, forKey: .echo)
        case .headers(let names): try container.encode(names, forKey: .echo)
        }
        try container.encode(seed, forKey: .seed)
        try container.encode(profile, forKey: .profile)
    }
}
