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
enum HostField {
    /// Why `value` is not a valid `Host`, in words for the client; nil when it is.
    static func problem(_ value: String) -> String? {
        var text = value
        // Every request asks: a name or IPv4 address with a port is checked in one pass over its
        // bytes; an IPv6 address, and every malformed field, take the path that says why.
        if text.withUTF8({ isPlainHost($0) }) { return nil }
        return problemInWords(value)
    }

    /// Whether `bytes` are a non-empty reg-name, optionally followed by `:` and a port from 1 to
    /// 65535 (false also for anything this does not check: an IPv6 address).
    private static func isPlainHost(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
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
        guard index > 0 else { return false }
        if index == bytes.count { return true }
        let digits = bytes.count - index - 1
        guard (1...5).contains(digits) else { return false }
        var port = 0
        for digit in bytes[(index + 1)...] {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return false }
            port = port * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return (1...65535).contains(port)
    }

    /// ``problem(_:)``'s answer, found piece by piece so that it can say what is wrong.
    private static func problemInWords(_ value: String) -> String? {
        var bytes = Substring(value).utf8[...]
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else {
                return "Host \(quoted(value)) opens an IPv6 address with [ and never closes it"
            }
            let address = String(Substring(bytes[bytes.index(after: bytes.startIndex)..<close]))
            guard isIPv6(address) else { return "Host \(quoted(value)) has no valid IPv6 address between its brackets" }
            bytes = bytes[bytes.index(after: close)...]
            if bytes.isEmpty { return nil }
            guard bytes.first == UInt8(ascii: ":") else {
                return "Host \(quoted(value)) has characters after its IPv6 address that are not :PORT"
            }
            return portProblem(bytes.dropFirst(), in: value)
        }
        let colon = bytes.firstIndex(of: UInt8(ascii: ":"))
        let host = bytes[..<(colon ?? bytes.endIndex)]
        guard !host.isEmpty else {
            return "Host \(quoted(value)) names no host: send the server's name or address, optionally followed by :PORT"
        }
        guard isRegisteredName(host) else {
            return "Host \(quoted(value)) is not a host name or address, optionally followed by :PORT"
        }
        guard let colon else { return nil }
        return portProblem(bytes[bytes.index(after: colon)...], in: value)
    }

    /// Why `digits` is not a port from 1 to 65535.
    private static func portProblem(_ digits: Substring.UTF8View.SubSequence, in value: String) -> String? {
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return "Host \(quoted(value)) has a port that is not a number from 1 to 65535" }
        let port = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard (1...65535).contains(port) else { return "Host \(quoted(value)) has port \(port), outside 1 to 65535" }
        return nil
    }

    /// RFC 3986's reg-name (which IPv4 addresses also match): unreserved characters,
    /// sub-delimiters and percent-encoded bytes.
    private static func isRegisteredName(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let first = bytes.index(after: index)
                guard first < bytes.endIndex, bytes[first].hexDigitValue != nil else { return false }
                let second = bytes.index(after: first)
                guard second < bytes.endIndex, bytes[second].hexDigitValue != nil else { return false }
                index = bytes.index(after: second)
                continue
            }
            guard allowedInName[Int(byte)] else { return false }
            index = bytes.index(after: index)
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
