import BeagleMockHTTP

/// Where requests the folders do not answer go, and how (Docs/Proxy.md): resolved from
/// `--upstream`, `--upstream-timeout`, `--upstream-ca` and the config file's `upstream:`, a flag
/// winning over the file field by field.
package struct UpstreamSettings: Sendable, Hashable {
    /// One header added to (or replacing one of) every forwarded request.
    package struct Header: Sendable, Hashable {
        package let name: String
        package let value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The BFF.
    package var url: UpstreamURL
    /// How long the upstream may take to send its response head, and then to send each part of its
    /// body; past it the request gets 504 (or, mid-body, a reset).
    package var timeout: Duration
    /// Headers added to every forwarded request (`upstream: {headers: {Authorization: …}}`).
    package var headers: [Header]
    /// A PEM file of the certificate authorities an `https` upstream is checked against, instead of
    /// the system's; read when the server starts.
    package var caFile: String?

    /// The timeout when none is set.
    package static let defaultTimeout: Duration = .seconds(30)

    package init(url: UpstreamURL, timeout: Duration = defaultTimeout, headers: [Header] = [], caFile: String? = nil) {
        self.url = url
        self.timeout = timeout
        self.headers = headers
        self.caFile = caFile
    }
}

/// The config file's `upstream:` key, each field optional so that flags can fill what it leaves out.
package struct UpstreamFileSettings: Sendable, Hashable {
    package var url: UpstreamURL?
    package var timeout: Duration?
    package var headers: [UpstreamSettings.Header] = []
    package var caFile: String?

    package init(
        url: UpstreamURL? = nil, timeout: Duration? = nil, headers: [UpstreamSettings.Header] = [], caFile: String? = nil
    ) {
        self.url = url
        self.timeout = timeout
        self.headers = headers
        self.caFile = caFile
    }
}

extension UpstreamSettings {
    /// The upstream in force: the flags' fields over the file's; nil when neither names a URL.
    static func resolve(flags: CommandLineSettings, file: UpstreamFileSettings?) -> UpstreamSettings? {
        guard let url = flags.upstream ?? file?.url else { return nil }
        return UpstreamSettings(
            url: url, timeout: flags.upstreamTimeout ?? file?.timeout ?? defaultTimeout, headers: file?.headers ?? [],
            caFile: flags.upstreamCA ?? file?.caFile)
    }

    /// Checks a timeout from a flag or the file: more than zero.
    static func validateTimeout(_ duration: Duration) throws(SpecError) -> Duration {
        guard duration > .zero else { throw SpecError("the upstream timeout must be more than 0, like 30s") }
        return duration
    }
}
