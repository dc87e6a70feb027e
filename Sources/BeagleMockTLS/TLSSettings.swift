import BeagleMockHTTP

/// HTTPS beside HTTP (Docs/HTTPS.md): the port, and where the certificate comes from.
///
/// The command line's values win over the config file's `tls:` key, value by value; names from
/// both are used. With a certificate file and its key the server uses that pair; without them it
/// uses a local certificate authority kept in ``directory`` (made on first use).
public struct TLSSettings: Sendable, Hashable {
    /// The HTTPS port (0 picks a free one); nil serves no HTTPS.
    public var port: Int?
    /// A PEM certificate (chain) to serve instead of one from the local CA.
    public var certificateFile: String?
    /// The PEM private key of ``certificateFile``.
    public var keyFile: String?
    /// Where the local CA and the certificate it issued are kept (default `~/.beagle-mock/tls`).
    public var directory: String?
    /// Host names and addresses the issued certificate covers besides the usual ones.
    public var names: [String]

    public init(
        port: Int? = nil, certificateFile: String? = nil, keyFile: String? = nil, directory: String? = nil,
        names: [String] = []
    ) {
        self.port = port
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        self.directory = directory
        self.names = names
    }

    /// These settings where they have a value, `base`'s elsewhere; the names of both.
    package func over(_ base: TLSSettings?) -> TLSSettings {
        guard let base else { return self }
        var names = base.names
        for name in self.names where !names.contains(name) { names.append(name) }
        return TLSSettings(
            port: port ?? base.port, certificateFile: certificateFile ?? base.certificateFile,
            keyFile: keyFile ?? base.keyFile, directory: directory ?? base.directory, names: names)
    }

    /// The TLS folder in force (``directory``, or the default when there is a home folder): never
    /// served, whether HTTPS is on or not, since it may hold a CA's key from an earlier run.
    package var folderInForce: String? {
        directory ?? (try? TLSFolder.defaultPath())
    }

    /// Whether nothing is set.
    public var isEmpty: Bool { self == TLSSettings() }
}
