import NIOSSL

/// What a test's TLS client trusts and which name it asks for: a `RawConnection` over TLS.
public struct TLSClientSide: Sendable {
    let context: NIOSSLContext
    let serverName: String?

    /// A client that trusts the CA certificates in `trustedPEM` (none: the system's) and checks the
    /// certificate against `serverName` (nil: the address connected to); a legacy client offers no
    /// version above `maximumVersion`, and only `cipherSuites` (OpenSSL's names) when given.
    public init(
        trustedPEM: String?, serverName: String? = "localhost", maximumVersion: TLSVersion? = nil,
        cipherSuites: String? = nil
    ) throws {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let maximumVersion {
            configuration.minimumTLSVersion = .tlsv1
            configuration.maximumTLSVersion = maximumVersion
        }
        if let cipherSuites { configuration.cipherSuites = cipherSuites }
        if let trustedPEM {
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(trustedPEM.utf8)))
        }
        configuration.applicationProtocols = ["http/1.1"]
        context = try NIOSSLContext(configuration: configuration)
        self.serverName = serverName
    }
}
