/// Base64 as the capture tools write a body (RFC 4648's alphabet, padded or not, on one line or
/// broken into lines), decoded straight into the bytes that are written: Foundation's decoder
/// gives `Data`, which would take one more copy of a body of many megabytes.
enum Base64Text {
    /// The bytes `text` encodes; nil when it is not base64.
    static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode(utf8: $0) }
    }

    private static func decode(utf8: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 4 * 3 + 3)
        var quantum: UInt32 = 0
        var count = 0
        var padding = 0
        for character in utf8 {
            if character == UInt8(ascii: "\n") || character == UInt8(ascii: "\r") || character == UInt8(ascii: " ") { continue }
            if character == UInt8(ascii: "=") {
                padding += 1
                guard padding <= 2 else { return nil }
                continue
            }
            // Nothing but padding after the first `=`.
            guard padding == 0, let value = Self.value(of: character) else { return nil }
            quantum = quantum << 6 | UInt32(value)
            count += 1
            if count == 4 {
                bytes.append(UInt8(truncatingIfNeeded: quantum >> 16))
                bytes.append(UInt8(truncatingIfNeeded: quantum >> 8))
                bytes.append(UInt8(truncatingIfNeeded: quantum))
                quantum = 0
                count = 0
            }
        }
        switch count {
        case 0:
            guard padding == 0 else { return nil }
        case 2:
            guard padding == 0 || padding == 2 else { return nil }
            bytes.append(UInt8(truncatingIfNeeded: quantum >> 4))
        case 3:
            guard padding == 0 || padding == 1 else { return nil }
            bytes.append(UInt8(truncatingIfNeeded: quantum >> 10))
            bytes.append(UInt8(truncatingIfNeeded: quantum >> 2))
        default:
            return nil
        }
        return bytes
    }

    /// The six bits a character of the alphabet stands for.
    private static func value(of character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
