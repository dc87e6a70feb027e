import BeagleMockHTTP
import Foundation
import SwiftASN1
import X509

/// Certificates and keys as PEM text: read with errors that say which file and what is wrong, and
/// written as `openssl` writes them.
package enum PEMText {
    /// Every certificate in `text` (a chain: the server's first); throws when there is none or one
    /// does not parse. `role` says what the file should hold, for the error.
    package static func certificates(_ text: String, file: String, role: String) throws(TLSError) -> [Certificate] {
        let blocks = Self.blocks(of: text, label: "CERTIFICATE")
        guard !blocks.isEmpty else {
            throw TLSError(file: file, problem: "holds no PEM certificate (-----BEGIN CERTIFICATE-----); it should be \(role)")
        }
        var certificates: [Certificate] = []
        for (index, block) in blocks.enumerated() {
            do {
                certificates.append(try Certificate(pemEncoded: block))
            } catch {
                let which = blocks.count == 1 ? "its certificate" : "certificate \(index + 1) of \(blocks.count)"
                if Self.isKeyTooSmall(error) { throw TLSError(file: file, problem: "\(which) has \(Self.tooSmall)") }
                throw TLSError(file: file, problem: "\(which) cannot be read (corrupted PEM or DER): \(Self.reason(error))")
            }
        }
        return certificates
    }

    /// The private key in `text`: PKCS #8 (`PRIVATE KEY`), SEC 1 (`EC PRIVATE KEY`) or PKCS #1
    /// (`RSA PRIVATE KEY`), unencrypted.
    package static func privateKey(_ text: String, file: String) throws(TLSError) -> Certificate.PrivateKey {
        if text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") || text.contains("Proc-Type: 4,ENCRYPTED") {
            throw TLSError(
                file: file, problem: "is an encrypted key; give it unencrypted (openssl pkey -in KEY -out KEY.plain)")
        }
        let labels = ["PRIVATE KEY", "EC PRIVATE KEY", "RSA PRIVATE KEY"]
        guard let block = labels.lazy.compactMap({ blocks(of: text, label: $0).first }).first else {
            throw TLSError(file: file, problem: "holds no PEM private key (-----BEGIN PRIVATE KEY-----)")
        }
        do {
            return try Certificate.PrivateKey(pemEncoded: block)
        } catch {
            if Self.isKeyTooSmall(error) { throw TLSError(file: file, problem: "holds \(Self.tooSmall)") }
            throw TLSError(
                file: file, problem: "its private key cannot be read (corrupted, or a kind not supported): \(Self.reason(error))")
        }
    }

    /// What a key below swift-crypto's least size is (RSA under 2048 bits, refused as
    /// `incorrectParameterSize`).
    private static let tooSmall =
        "a key too small to use: RSA keys must be 2048 bits or more (openssl req -x509 -newkey rsa:2048 …), or use an EC key"

    private static func isKeyTooSmall(_ error: any Error) -> Bool {
        "\(error)".contains("incorrectParameterSize")
    }

    /// What a parser says is wrong, without the source file and line that swift-asn1 appends to
    /// its errors (`ASN1Error.invalidPEMDocument: … /path/PEMDocument.swift:123`).
    package static func reason(_ error: any Error) -> String {
        var text = "\(error)"
        if text.hasPrefix("ASN1Error.") { text.removeFirst("ASN1Error.".count) }
        guard let space = text.lastIndex(of: " ") else { return text }
        let last = text[text.index(after: space)...]
        if last.contains("/") || last.contains(".swift:") { text = String(text[..<space]) }
        return text.hasSuffix(":") ? String(text.dropLast()) : text
    }

    /// `certificate` as one PEM block and a line feed.
    package static func certificate(_ certificate: Certificate) throws(TLSError) -> String {
        do {
            return try certificate.serializeAsPEM().pemString + "\n"
        } catch {
            throw TLSError(file: nil, problem: "cannot write a certificate: \(error)")
        }
    }

    /// `certificate` in DER.
    package static func der(of certificate: Certificate) -> [UInt8] {
        var serializer = DER.Serializer()
        // Serializing a certificate that was parsed or built cannot fail.
        try? serializer.serialize(certificate)
        return serializer.serializedBytes
    }

    /// A date as `2026-11-27` (UTC).
    package static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
    }

    /// The PEM blocks labelled `label`, each from its BEGIN line to its END line.
    private static func blocks(of text: String, label: String) -> [String] {
        let begin = "-----BEGIN \(label)-----"
        let end = "-----END \(label)-----"
        var blocks: [String] = []
        var rest = text[...]
        while let start = rest.range(of: begin), let stop = rest[start.upperBound...].range(of: end) {
            blocks.append(String(rest[start.lowerBound..<stop.upperBound]))
            rest = rest[stop.upperBound...]
        }
        return blocks
    }
}
