import BeagleMockHTTP
import Yams

/// The config file's `upstream:` and `record:` keys (Docs/Configuration.md, "upstream").
enum UpstreamYAML {
    /// `upstream: http://127.0.0.1:9000`, or `upstream: {url: …, timeout: 10s, headers: {…}, ca: ca.pem}`.
    static func upstream(from value: YAMLValue) throws(ConfigError) -> UpstreamFileSettings {
        if case .scalar = value.node {
            return UpstreamFileSettings(url: try url(from: value))
        }
        let mapping = try value.mapping(
            expected: "a URL like http://127.0.0.1:9000, or {url: http://127.0.0.1:9000, timeout: 10s}",
            allowed: ["url", "timeout", "headers", "ca"])
        var settings = UpstreamFileSettings()
        settings.url = try url(from: try mapping.required("url", example: "url: http://127.0.0.1:9000"))
        if let timeoutValue = try mapping.optional("timeout") {
            let duration = try Duration(yaml: timeoutValue)
            do {
                settings.timeout = try UpstreamSettings.validateTimeout(duration)
            } catch {
                throw timeoutValue.error(error)
            }
        }
        if let headersValue = try mapping.optional("headers") {
            settings.headers = try ResponseOverride.headers(from: headersValue).map {
                UpstreamSettings.Header(name: $0.name, value: $0.value)
            }
        }
        if let caValue = try mapping.optional("ca") {
            settings.caFile = try caValue.scalar(expected: "a PEM file like ca.pem")
        }
        return settings
    }

    /// `record: true` (new files only), `record: overwrite`, `record: misses`, or `record: false`.
    static func record(from value: YAMLValue) throws(ConfigError) -> RecordMode? {
        let expected = "true, false, overwrite or misses"
        let text = try value.scalar(expected: expected)
        if text.lowercased() == "overwrite" { return .overwrite }
        if text.lowercased() == "misses" { return .misses }
        return try ConfigLoader.bool(from: value, expected: expected) ? .keep : nil
    }

    private static func url(from value: YAMLValue) throws(ConfigError) -> UpstreamURL {
        try value.parseScalar(expected: "a URL like http://127.0.0.1:9000") { text throws(SpecError) in try UpstreamURL(text) }
    }
}
