import BeagleMockHTTP
import Foundation
import NIOCore
import SwiftASN1
import X509

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The names a server certificate covers, as subject alternative names: host names and IP
/// addresses, each once, in a stable order (so that two sets compare equal however they were made).
package struct CertificateNames: Sendable, Hashable {
    /// Host names, lowercased, sorted.
    private(set) var hosts: [String] = []
    /// IP addresses as their 4 or 16 bytes, sorted.
    private(set) var addresses: [[UInt8]] = []

    /// What every certificate the local CA issues covers, whatever the server binds to: this
    /// machine under its usual names, and the address the Android emulator gives its host.
    package static let usual = ["localhost", "127.0.0.1", "::1", "10.0.2.2"]

    /// The names for a server bound to `host`: the usual ones, this machine's host name (and its
    /// `.local` form, which iPhones on the same network resolve), the address bound or, bound to
    /// every address, each address the banner lists, and `extra` (`--tls-name`).
    package static func forServer(host: String, extra: [String]) throws(TLSError) -> CertificateNames {
        var names = CertificateNames()
        for name in usual { try names.add(name) }
        if let machine = machineName() {
            try? names.add(machine)
            if !machine.contains(".") { try? names.add(machine + ".local") }
        }
        if HostDisplay.isWildcard(host) {
            for address in HostDisplay.networkAddresses() { try names.add(address) }
        } else {
            try? names.add(host)
        }
        for name in extra {
            do {
                try names.add(name)
            } catch {
                throw TLSError(file: nil, problem: "--tls-name \(error.problem)")
            }
        }
        return names
    }

    /// The names `certificate` covers (its subject alternative names).
    package init(of certificate: Certificate) {
        guard let alternatives = try? certificate.extensions.subjectAlternativeNames else { return }
        for name in alternatives {
            switch name {
            case .dnsName(let host): insert(host: host.lowercased())
            case .ipAddress(let octets): insert(address: Array(octets.bytes))
            default: continue
            }
        }
    }

    package init() {}

    /// Adds a host name or an IP address; throws when `name` is neither.
    package mutating func add(_ name: String) throws(TLSError) {
        if let bytes = Self.addressBytes(name) {
            insert(address: bytes)
        } else if Self.isHostName(name) {
            insert(host: name.lowercased())
        } else {
            throw TLSError(file: nil, problem: "'\(name)' is neither a host name (like mock.test) nor an IP address")
        }
    }

    /// The subject alternative names extension.
    package var extensionValue: SubjectAlternativeNames {
        SubjectAlternativeNames(
            hosts.map { GeneralName.dnsName($0) } + addresses.map { .ipAddress(ASN1OctetString(contentBytes: $0[...])) })
    }

    /// Every name as text, host names first.
    package var texts: [String] { hosts + addresses.map(Self.text(of:)) }

    private mutating func insert(host: String) {
        guard !hosts.contains(host) else { return }
        hosts.append(host)
        hosts.sort()
    }

    private mutating func insert(address: [UInt8]) {
        guard !addresses.contains(address) else { return }
        addresses.append(address)
        addresses.sort { $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1) }
    }

    /// A DNS name: labels of letters, digits and hyphens, a leading `*.` allowed.
    private static func isHostName(_ name: String) -> Bool {
        var labels = name.split(separator: ".", omittingEmptySubsequences: false)
        if labels.first == "*", labels.count > 1 { labels.removeFirst() }
        // A top-level label of digits alone is an IPv4 address written wrong, not a name.
        guard name.utf8.count <= 253, let last = labels.last, !last.allSatisfy(\.isASCIIDigit) else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
                }
        }
    }

    /// The bytes of an IPv4 or IPv6 address in text; nil when `text` is not one.
    package static func addressBytes(_ text: String) -> [UInt8]? {
        ipv4Bytes(Substring(text)) ?? ipv6Bytes(text)
    }

    private static func ipv4Bytes(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCIIDigit), let value = UInt8(part) else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    /// Eight groups of up to four hex digits, `::` once for a run of zero groups, the last two
    /// groups possibly written as an IPv4 address.
    private static func ipv6Bytes(_ text: String) -> [UInt8]? {
        guard text.contains(":"), text.utf8.count <= 45 else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ half: String) -> [UInt8]? {
            if half.isEmpty { return [] }
            var bytes: [UInt8] = []
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() {
                if index == parts.count - 1, part.contains("."), let v4 = ipv4Bytes(part) {
                    bytes += v4
                    continue
                }
                guard (1...4).contains(part.count), let value = UInt16(part, radix: 16) else { return nil }
                bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
            }
            return bytes
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 16 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count <= 14 else { return nil }
        return head + [UInt8](repeating: 0, count: 16 - head.count - tail.count) + tail
    }

    private static func text(of bytes: [UInt8]) -> String {
        (try? SocketAddress(packedIPAddress: ByteBuffer(bytes: bytes), port: 0).ipAddress) ?? nil
            ?? bytes.map(String.init).joined(separator: ".")
    }

    /// This machine's host name, when it has one.
    package static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name.lowercased()
    }
}
