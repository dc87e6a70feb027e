import BeagleMockHTTP
import BeagleMockTLS

/// The config file's `tls:` key (Docs/HTTPS.md): `tls: {port: 8443}`, with `cert` and `key` for a
/// pair of one's own, `dir` for the local CA's folder and `names` for more names to cover. Read
/// when the server starts; a relative path is relative to the working folder.
enum TLSYAML {
    static func settings(from value: YAMLValue) throws(ConfigError) -> TLSSettings {
        let mapping = try value.mapping(
            expected: "{port: 8443}, or {port: 8443, cert: server.pem, key: server-key.pem}",
            allowed: ["port", "cert", "key", "dir", "names"])
        var settings = TLSSettings()
        if let portValue = try mapping.optional("port") {
            settings.port = try portValue.parseScalar(expected: "a port number like 8443") { text throws(SpecError) in
                guard let port = Int(text.trimmingSpecWhitespace()), (0...65535).contains(port) else {
                    throw SpecError("tls.port \(SpecError.quote(text)) is not a port number (0-65535), like 8443")
                }
                return port
            }
        }
        if let certificate = try mapping.optional("cert") {
            settings.certificateFile = try certificate.scalar(expected: "a PEM file like server.pem")
        }
        if let key = try mapping.optional("key") {
            settings.keyFile = try key.scalar(expected: "a PEM file like server-key.pem")
        }
        if let folder = try mapping.optional("dir") {
            settings.directory = try folder.scalar(expected: "a folder like ~/.beagle-mock/tls")
        }
        if let names = try mapping.optional("names") {
            for name in try names.sequence(expected: "a list of host names or addresses like [mock.test, 192.168.1.20]") {
                settings.names.append(try name.scalar(expected: "a host name or an address like mock.test"))
            }
        }
        return settings
    }
}
