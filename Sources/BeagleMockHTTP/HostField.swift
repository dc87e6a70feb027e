import Foundation

/// The `Host` field's grammar, checked strictly (RFC 9110 §7.2, RFC 3986 §3.2.2): a host, then
/// optionally `:` and a port from 1 to 65535. The host is a name or IPv4 address (letters,
/// digits, `-._~`, RFC 3986's sub-delimiters and `%XX`), or an IPv6 address in brackets.
///
/// Anything else (`localhost:8080.attacker.example`, `[::1].attacker.example`,
/// `127.0.0.1:80@attacker.example`, `127.0.0.1:99999`) is refused before any route, and so is an
/// empty host (`Host: `, `Host: :8080`): RFC 9112 §3.2 keeps that for a target without an
/// authority, which no request to this server has, and every client names the host. The admin
/// API's audience check reads the host of a field that passed here, so it never has to guess
/// which part of a malformed one a browser or a proxy took for the host.
package enum HostField {
    /// Why `value` is not a valid `Host`, in words for the client; nil when it is.
    package static func problem(_ value: String) -> String? {
        var text = value
        // Every request asks: the field is read in one pass over its bytes, and words are made
        // only for a field that fails.
        let fault: Fault? = text.withUTF8 { Self.fault(of: $0) }
        guard let fault else { return nil }
        let field = "Host \(quoted(value))"
        switch fault {
        case .unclosedBracket: return "\(field) opens an IPv6 address with [ and never closes it"
        case .invalidIPv6: return "\(field) has no valid IPv6 address between its brackets"
        case .afterIPv6: return "\(field) has characters after its IPv6 address that are not :PORT"
        case .noHost: return "\(field) names no host: send the server's name or address, optionally followed by :PORT"
        case .invalidName: return "\(field) is not a host name or address, optionally followed by :PORT"
        case .portNotANumber: return "\(field) has a port that is not a number from 1 to 65535"
        case .portOutOfRange(let port): return "\(field) has port \(port), outside 1 to 65535"
        }
    }

    /// The authority of an absolute-form request target (`http://127.0.0.1:8080/home`), which
    /// RFC 9112 §3.2.2 makes the request's host in place of the `Host` field; nil for any other
    /// form of target.
    package static func authority(ofAbsoluteTarget target: String) -> Substring? {
        guard target.utf8.first != UInt8(ascii: "/"), let schemeEnd = target.range(of: "://") else { return nil }
        let scheme = target[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = target[schemeEnd.upperBound...]
        return rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }

    /// What is wrong with a `Host` field.
    private enum Fault {
        case unclosedBracket, invalidIPv6, afterIPv6, noHost, invalidName, portNotANumber
        case portOutOfRange(Int)
    }

    /// What is wrong with the field `bytes`; nil when nothing is.
    private static func fault(of bytes: UnsafeBufferPointer<UInt8>) -> Fault? {
        let hostEnd: Int
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return .unclosedBracket }
            guard isIPv6(String(decoding: bytes[1..<close], as: UTF8.self)) else { return .invalidIPv6 }
            hostEnd = close + 1
            if hostEnd < bytes.count, bytes[hostEnd] != UInt8(ascii: ":") { return .afterIPv6 }
        } else {
            hostEnd = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
            guard hostEnd > 0 else { return .noHost }
            guard isRegisteredName(UnsafeBufferPointer(rebasing: bytes[..<hostEnd])) else { return .invalidName }
        }
        guard hostEnd < bytes.count else { return nil }
        return portFault(UnsafeBufferPointer(rebasing: bytes[(hostEnd + 1)...]))
    }

    /// What is wrong with `digits` as a port from 1 to 65535; nil when nothing is.
    private static func portFault(_ digits: UnsafeBufferPointer<UInt8>) -> Fault? {
        guard (1...5).contains(digits.count) else { return .portNotANumber }
        var port = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return .portNotANumber }
            port = port * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return (1...65535).contains(port) ? nil : .portOutOfRange(port)
    }

    /// RFC 3986's reg-name (which IPv4 addresses also match): unreserved characters,
    /// sub-delimiters and percent-encoded bytes.
    private static func isRegisteredName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, bytes[index + 1].hexDigitValue != nil, bytes[index + 2].hexDigitValue != nil
                else { return false }
                index += 3
                continue
            }
            guard allowedInName[Int(byte)] else { return false }
            index += 1
        }
        return true
    }

    /// Whether `text` is an IPv6 address as RFC 4291 writes one (hex groups, one `::` at most, an
    /// IPv4 tail allowed), without a zone.
    private static func isIPv6(_ text: String) -> Bool {
        guard !text.isEmpty,
            text.utf8.allSatisfy({ $0.hexDigitValue != nil || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
        else { return false }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        var groups = 0
        for (position, half) in halves.enumerated() where !half.isEmpty {
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            for (index, part) in parts.enumerated() {
                let isLast = position == halves.count - 1 && index == parts.count - 1
                if isLast, part.contains(".") {
                    guard isIPv4(part) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(part.count), !part.contains(".") else { return false }
                    groups += 1
                }
            }
        }
        return halves.count == 2 ? groups <= 7 : groups == 8
    }

    private static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                    && (Int(part) ?? 256) <= 255
            }
    }

    /// The bytes a reg-name may hold besides `%XX`: `A–Z a–z 0–9 - . _ ~ ! $ & ' ( ) * + , ; =`.
    private static let allowedInName: [Bool] = (0..<256).map { code in
        let byte = UInt8(code)
        if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        {
            return true
        }
        return "-._~!$&'()*+,;=".utf8.contains(byte)
    }

    /// `value` for a message: quoted, cut short, control characters shown as `?`.
    private static func quoted(_ value: String) -> String {
        let shown = String(value.prefix(100).map { $0.isASCII && ($0.asciiValue ?? 0) < 0x20 ? "?" : $0 })
        return "\"" + shown + (value.count > 100 ? "…" : "") + "\""
    }
}
