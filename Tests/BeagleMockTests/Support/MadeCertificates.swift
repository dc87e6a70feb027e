import Crypto
import Foundation
import SwiftASN1
import X509

/// Self-signed certificates made for a test: one that has expired, one about to, one for a key
/// other than the one beside it.
enum MadeCertificates {
    /// A PEM certificate and its PEM key, valid from `start` to `end`, for `localhost`.
    static func selfSigned(from start: Date, to end: Date) throws -> (certificate: String, key: String) {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName("beagle-mock test") }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey), notValidBefore: start,
            notValidAfter: end, issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([.dnsName("localhost")])
            },
            issuerPrivateKey: .init(key))
        return (try certificate.serializeAsPEM().pemString + "\n", key.pemRepresentation + "\n")
    }

    /// The certificate in `pem` (the first of a chain).
    static func parse(_ pem: String) throws -> Certificate {
        try Certificate(pemEncoded: pem)
    }
}
