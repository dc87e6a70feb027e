import BeagleMockHTTP
import Crypto
import Foundation
import SwiftASN1
import X509

/// The certificate authority beagle-mock makes on first use and keeps in the TLS folder
/// (`ca.pem`, and `ca-key.pem` with mode 0600), so that a device trusts it once and every later
/// certificate the mock issues is trusted with it (Docs/HTTPS.md).
///
/// An existing CA is never replaced: a file that cannot be read as one is an error that names it.
/// The private key stays in its file and in this value; nothing serves, logs or prints it.
package struct LocalCertificateAuthority: Sendable {
    /// The file names in the TLS folder.
    package static let certificateFileName = "ca.pem"
    package static let keyFileName = "ca-key.pem"

    /// The CA's certificate: what clients trust.
    package let certificate: Certificate
    /// The CA's certificate file.
    package let certificatePath: String
    private let privateKey: Certificate.PrivateKey

    /// How long a new CA is valid: ten years, so that a device trusts it once.
    package static let lifetime: TimeInterval = 10 * 365 * 24 * 3600

    /// A CA opened or made, and what the user should know of its folder (keys made 0600, a
    /// folder others can write to).
    package struct Opened: Sendable {
        package let authority: LocalCertificateAuthority
        /// Whether the CA was made just now.
        package let created: Bool
        package let notices: [String]
    }

    /// The CA kept in `folder`, made there when the folder has none, its keys made private first.
    /// Call it holding the folder's lock.
    package static func openOrCreate(in folder: TLSFolder, now: Date) throws(TLSError) -> Opened {
        let notices = try folder.securePermissions()
        let (authority, created) = try openOrCreateAuthority(in: folder, now: now)
        return Opened(authority: authority, created: created, notices: notices)
    }

    private static func openOrCreateAuthority(in folder: TLSFolder, now: Date) throws(TLSError) -> (
        authority: LocalCertificateAuthority, created: Bool
    ) {
        let certificateText = try folder.read(certificateFileName)
        let keyText = try folder.read(keyFileName)
        switch (certificateText, keyText) {
        case (nil, nil):
            let authority = try create(now: now, path: folder.file(certificateFileName))
            // The key first: a certificate without its key would stop every later start.
            try folder.write(keyFileName, try authority.keyPEM(), mode: 0o600)
            try folder.write(certificateFileName, try PEMText.certificate(authority.certificate), mode: 0o644)
            return (authority, true)
        case (let certificateText?, let keyText?):
            return (try open(certificate: certificateText, key: keyText, in: folder, now: now), false)
        case (nil, _?):
            throw TLSError(
                file: folder.file(certificateFileName),
                problem: "is missing beside \(keyFileName); restore it, or move the folder away to make a new CA")
        case (_?, nil):
            throw TLSError(
                file: folder.file(keyFileName),
                problem: "is missing beside \(certificateFileName); restore it, or move the folder away to make a new CA")
        }
    }

    /// The CA kept in `directory` (default `~/.beagle-mock/tls`), made there when there is none,
    /// as `serve --tls-port` would: for `beagle-mock ca`.
    package static func openOrCreate(directory: String?, now: Date = Date()) throws(TLSError) -> Opened {
        let folder = try TLSFolder.prepare(orDefault: directory)
        return try folder.locked { () throws(TLSError) -> Opened in try openOrCreate(in: folder, now: now) }
    }

    /// Signs a certificate for a TLS server covering `names`, with a new P-256 key, by Apple's rules
    /// for server certificates: the names in subject alternative names only, extended key usage
    /// serverAuth, ECDSA with SHA-256, valid for 397 days (within the CA's own validity).
    package func issue(for names: CertificateNames, now: Date) throws(TLSError) -> IssuedCertificate {
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let notAfter = min(now.addingTimeInterval(IssuedCertificate.lifetime), certificate.notValidAfter)
        do {
            let subject = try DistinguishedName {
                OrganizationName("beagle-mock")
                OrganizationalUnitName("local development server")
            }
            let extensions = try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                names.extensionValue
                SubjectKeyIdentifier(hash: publicKey)
                AuthorityKeyIdentifier(keyIdentifier: try authorityKeyIdentifier)
            }
            let leaf = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
                notValidBefore: now.addingTimeInterval(-3600), notValidAfter: notAfter, issuer: certificate.subject,
                subject: subject, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions, issuerPrivateKey: privateKey)
            return IssuedCertificate(certificate: leaf, privateKey: Certificate.PrivateKey(key))
        } catch {
            throw TLSError(file: nil, problem: "cannot issue a server certificate: \(error)")
        }
    }

    /// Whether this CA signed `certificate` (its authority key identifier is this CA's key).
    package func signed(_ certificate: Certificate) -> Bool {
        guard let issuerKey = try? certificate.extensions.authorityKeyIdentifier?.keyIdentifier,
            let ownKey = try? authorityKeyIdentifier
        else { return false }
        return Array(issuerKey) == Array(ownKey) && certificate.issuer == self.certificate.subject
    }

    /// When the CA was made (its certificate's start).
    package var notValidBefore: Date { certificate.notValidBefore }
    /// When the CA ends.
    package var notValidAfter: Date { certificate.notValidAfter }

    /// The certificate in PEM, as `/__admin/ca.pem` serves it.
    package var pemText: String { (try? PEMText.certificate(certificate)) ?? "" }

    /// The certificate in DER, as `/__admin/ca.crt` serves it.
    package var der: [UInt8] { PEMText.der(of: certificate) }

    /// The certificate's SHA-256 fingerprint, as `AB:CD:…` (how keychains and `openssl x509
    /// -fingerprint -sha256` show it).
    package var fingerprint: String {
        SHA256.hash(data: der).map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + hex : hex
        }.joined(separator: ":")
    }

    private var authorityKeyIdentifier: ArraySlice<UInt8> {
        get throws {
            if let own = try certificate.extensions.subjectKeyIdentifier { return own.keyIdentifier }
            return SubjectKeyIdentifier(hash: certificate.publicKey).keyIdentifier
        }
    }

    private func keyPEM() throws(TLSError) -> String {
        do {
            return try privateKey.serializeAsPEM().pemString + "\n"
        } catch {
            throw TLSError(file: nil, problem: "cannot write the CA's key: \(error)")
        }
    }

    private static func create(now: Date, path: String) throws(TLSError) -> LocalCertificateAuthority {
        let key = P256.Signing.PrivateKey()
        let privateKey = Certificate.PrivateKey(key)
        let publicKey = Certificate.PublicKey(key.publicKey)
        do {
            let name = try DistinguishedName {
                OrganizationName("beagle-mock local development CA")
                CommonName("beagle-mock CA \(CertificateNames.machineName() ?? "") \(PEMText.day(now))")
            }
            let extensions = try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: publicKey)
            }
            let certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
                notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(lifetime),
                issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
                issuerPrivateKey: privateKey)
            return LocalCertificateAuthority(certificate: certificate, certificatePath: path, privateKey: privateKey)
        } catch {
            throw TLSError(file: nil, problem: "cannot make a CA: \(error)")
        }
    }

    private static func open(certificate: String, key: String, in folder: TLSFolder, now: Date) throws(TLSError)
        -> LocalCertificateAuthority
    {
        let certificatePath = folder.file(certificateFileName)
        let parsed = try PEMText.certificates(certificate, file: certificatePath, role: "the CA's certificate")[0]
        let privateKey = try PEMText.privateKey(key, file: folder.file(keyFileName))
        guard privateKey.publicKey == parsed.publicKey else {
            throw TLSError(
                file: folder.file(keyFileName),
                problem: "is not the key of \(certificatePath); restore the pair, or move the folder away to make a new CA")
        }
        guard case .isCertificateAuthority? = try? parsed.extensions.basicConstraints else {
            throw TLSError(file: certificatePath, problem: "is not a CA certificate (no basicConstraints CA:TRUE)")
        }
        guard parsed.notValidAfter > now else {
            throw TLSError(
                file: certificatePath,
                problem:
                    "expired on \(PEMText.day(parsed.notValidAfter)); move the folder away to make a new CA (devices must trust it again)"
            )
        }
        return LocalCertificateAuthority(certificate: parsed, certificatePath: certificatePath, privateKey: privateKey)
    }

}

/// A certificate the local CA issued to the server, with its key.
package struct IssuedCertificate: Sendable {
    /// The file names in the TLS folder.
    package static let certificateFileName = "server.pem"
    package static let keyFileName = "server-key.pem"
    /// How long an issued certificate is valid (Apple's limit for public ones is 398 days; private
    /// CAs may go to 825).
    package static let lifetime: TimeInterval = 397 * 24 * 3600
    /// How close to its end a certificate is issued anew.
    package static let renewal: TimeInterval = 30 * 24 * 3600

    package let certificate: Certificate
    package let privateKey: Certificate.PrivateKey

    /// The certificate kept in `folder` when it is still right (signed by `authority`, for `names`,
    /// 30 days or more from its end); otherwise a new one, written there. Call it holding the lock.
    package static func current(
        from authority: LocalCertificateAuthority, for names: CertificateNames, in folder: TLSFolder, now: Date
    ) throws(TLSError) -> IssuedCertificate {
        if let kept = kept(in: folder), authority.signed(kept.certificate), CertificateNames(of: kept.certificate) == names,
            kept.certificate.notValidAfter.timeIntervalSince(now) > renewal, kept.certificate.notValidBefore <= now
        {
            return kept
        }
        let issued = try authority.issue(for: names, now: now)
        do {
            try folder.write(keyFileName, try issued.privateKey.serializeAsPEM().pemString + "\n", mode: 0o600)
        } catch let error as TLSError {
            throw error
        } catch {
            throw TLSError(file: folder.file(keyFileName), problem: "cannot be written: \(error)")
        }
        try folder.write(certificateFileName, try PEMText.certificate(issued.certificate), mode: 0o644)
        return issued
    }

    /// The pair in `folder`, when both files are there and read as a matching pair.
    private static func kept(in folder: TLSFolder) -> IssuedCertificate? {
        guard let certificateText = try? folder.read(certificateFileName), let keyText = try? folder.read(keyFileName),
            let certificate = try? PEMText.certificates(certificateText, file: "", role: "").first,
            let key = try? PEMText.privateKey(keyText, file: ""), key.publicKey == certificate.publicKey
        else { return nil }
        return IssuedCertificate(certificate: certificate, privateKey: key)
    }
}
