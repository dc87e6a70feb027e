import NIOSSL

/// What a test's TLS client trusts and which name it asks for: a `RawConnection` over TLS.
public struct TLSClientSide: Sendable {
    let context: NIOSSLContext
    let serverName: String?

    /// A client that trusts the CA certificates in `trustedPEM` (none: the system's) and checks the
    /// certificate against `serverName` (nil: the address connected to).
    public init(trustedPEM: String?, serverName: String? = "localhost") throws {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let trustedPEM {
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(trustedPEM.utf8)))
        }
        configuration.applicationProtocols = ["http/1.1"]
        context = try NIOSSLContext(configuration: configuration)
        self.serverName = serverName
    }
}
