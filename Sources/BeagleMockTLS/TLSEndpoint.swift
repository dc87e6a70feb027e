import BeagleMockHTTP
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// The HTTPS side of a server, ready at start-up: its port, the TLS context its connections start
/// with, the CA clients trust (when it is the local one) and what the banner should warn about.
///
/// Every problem is found here, before anything listens: a missing, unreadable, mismatched,
/// expired or non-PEM certificate or key, or a TLS folder that cannot be written.
package struct TLSEndpoint: Sendable {
    /// The port asked for (0 picks a free one).
    package let port: Int
    package let context: NIOSSLContext
    /// The local CA, when the certificate is its; nil with `--tls-cert`.
    package let authority: LocalCertificateAuthority?
    /// The names the server's certificate covers.
    package let names: [String]
    /// When the server's certificate ends.
    package let notValidAfter: Date
    /// Whether the local CA was made at this start (devices have yet to trust it).
    package let madeAuthority: Bool
    /// A certificate (the server's given one, or the local CA) that ends within 30 days.
    package let warnings: [String]

    /// The endpoint for `settings` on a server bound to `host`; nil when `settings` has no port.
    package static func prepare(_ settings: TLSSettings, host: String, httpPort: Int, now: Date = Date()) throws(TLSError)
        -> TLSEndpoint?
    {
        guard let port = settings.port else {
            if settings.certificateFile != nil || settings.keyFile != nil {
                throw TLSError(file: nil, problem: "--tls-cert and --tls-key need --tls-port (or tls: {port: …} in the config)")
            }
            return nil
        }
        guard (0...65535).contains(port) else {
            throw TLSError(file: nil, problem: "--tls-port \(port) is not a port number (0-65535)")
        }
        guard port == 0 || port != httpPort else {
            throw TLSError(file: nil, problem: "--tls-port \(port) is also the HTTP port (--port); give each its own")
        }
        switch (settings.certificateFile, settings.keyFile) {
        case (let certificateFile?, let keyFile?):
            return try given(certificateFile: certificateFile, keyFile: keyFile, port: port, now: now)
        case (nil, nil):
            return try local(settings, host: host, port: port, now: now)
        case (_?, nil):
            throw TLSError(file: nil, problem: "--tls-cert needs --tls-key, the certificate's private key")
        case (nil, _?):
            throw TLSError(file: nil, problem: "--tls-key needs --tls-cert, the certificate it belongs to")
        }
    }

    /// The pair the user gave.
    private static func given(certificateFile: String, keyFile: String, port: Int, now: Date) throws(TLSError) -> TLSEndpoint {
        let chain = try PEMText.certificates(
            try readFile(certificateFile), file: certificateFile, role: "the server's certificate (and its chain)")
        let key = try PEMText.privateKey(try readFile(keyFile), file: keyFile)
        let leaf = chain[0]
        guard key.publicKey == leaf.publicKey else {
            throw TLSError(file: keyFile, problem: "is not the key of the certificate in \(certificateFile)")
        }
        guard leaf.notValidAfter > now else {
            throw TLSError(file: certificateFile, problem: "expired on \(PEMText.day(leaf.notValidAfter))")
        }
        guard leaf.notValidBefore <= now else {
            throw TLSError(file: certificateFile, problem: "is not valid before \(PEMText.day(leaf.notValidBefore))")
        }
        let names = CertificateNames(of: leaf).texts
        return TLSEndpoint(
            port: port, context: try context(chain: chain, key: key, file: certificateFile), authority: nil, names: names,
            notValidAfter: leaf.notValidAfter, madeAuthority: false,
            warnings: [expiryNotice(leaf, file: certificateFile, now: now), TLSFolder.keyWarning(keyFile)].compactMap { $0 })
    }

    /// A certificate from the local CA in the TLS folder, made or issued as needed.
    private static func local(_ settings: TLSSettings, host: String, port: Int, now: Date) throws(TLSError) -> TLSEndpoint {
        let folder = try TLSFolder.prepare(orDefault: settings.directory)
        let names = try CertificateNames.forServer(host: host, extra: settings.names)
        let (opened, issued) = try folder.locked {
            () throws(TLSError) -> (LocalCertificateAuthority.Opened, IssuedCertificate) in
            let opened = try LocalCertificateAuthority.openOrCreate(in: folder, now: now)
            let issued = try IssuedCertificate.current(from: opened.authority, for: names, in: folder, now: now)
            return (opened, issued)
        }
        let (authority, created) = (opened.authority, opened.created)
        var warnings = opened.notices
        if let notice = expiryNotice(authority.certificate, file: authority.certificatePath, now: now) {
            warnings.append(notice + "; move the folder away to make a new CA")
        }
        return TLSEndpoint(
            port: port,
            context: try context(
                chain: [issued.certificate], key: issued.privateKey, file: folder.file(IssuedCertificate.certificateFileName)),
            authority: authority, names: names.texts, notValidAfter: issued.certificate.notValidAfter, madeAuthority: created,
            warnings: warnings)
    }

    /// The TLS 1.2 suites offered: forward secrecy and AEAD only, as App Transport Security asks and
    /// current platforms hold a BFF to (TLS 1.3's own suites are always on). No CBC suite, so that
    /// a client that passes here passes against the real BFF too.
    package static let cipherSuites = [
        "ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-RSA-AES128-GCM-SHA256", "ECDHE-ECDSA-AES256-GCM-SHA384",
        "ECDHE-RSA-AES256-GCM-SHA384", "ECDHE-ECDSA-CHACHA20-POLY1305", "ECDHE-RSA-CHACHA20-POLY1305",
    ].joined(separator: ":")

    /// The server-side TLS context: the chain and its key, ALPN `http/1.1` only, TLS 1.2 at least.
    private static func context(chain: [Certificate], key: Certificate.PrivateKey, file: String) throws(TLSError) -> NIOSSLContext
    {
        do {
            let certificates = try chain.map { certificate in
                try NIOSSLCertificate(bytes: PEMText.der(of: certificate), format: .der)
            }
            let keyPEM = try key.serializeAsPEM().pemString
            var configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: certificates.map { .certificate($0) },
                privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem)))
            configuration.applicationProtocols = ["http/1.1"]
            configuration.minimumTLSVersion = .tlsv12
            configuration.cipherSuites = Self.cipherSuites
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw TLSError(file: file, problem: "cannot be used for TLS: \(error)")
        }
    }

    /// A warning for a certificate that ends within 30 days.
    private static func expiryNotice(_ certificate: Certificate, file: String, now: Date) -> String? {
        let left = certificate.notValidAfter.timeIntervalSince(now)
        guard left < IssuedCertificate.renewal else { return nil }
        return "\(file) expires on \(PEMText.day(certificate.notValidAfter)), in \(Int(left / 86400)) days"
    }

    private static func readFile(_ path: String) throws(TLSError) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw TLSError(file: path, problem: "does not exist")
        }
        guard !isFolder.boolValue else { throw TLSError(file: path, problem: "is a folder, not a PEM file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TLSError(file: path, problem: "cannot be read: \(String(cString: strerror(errno)))")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
