import BeagleMockHTTP
import Foundation

/// A plain decimal number as written in specs: digits, optionally a dot and more digits.
///
/// Deliberately stricter than `Double(_:)`, which accepts `nan`, `inf`, `0x1p3`, exponents and signs:
/// a spec is typed by a person, and `1e3ms` or `+5s` are more likely mistakes than intent.
struct DecimalNumber: Sendable, Hashable {
    /// The digits before the dot.
    let integerDigits: Substring
    /// The digits after the dot (empty when there is no dot).
    let fractionDigits: Substring

    /// Splits `text` into a leading number and the rest (the unit), or returns nil when `text`
    /// does not start with a digit.
    static func split(_ text: Substring) -> (number: Substring, rest: Substring) {
        var end = text.startIndex
        while end < text.endIndex, let ascii = text[end].asciiValue, ascii == UInt8(ascii: ".") || (ascii >= 48 && ascii <= 57) {
            end = text.index(after: end)
        }
        return (text[text.startIndex..<end], text[end...])
    }

    /// Parses `[0-9]+(\.[0-9]+)?`, or nil.
    init?(_ text: Substring) {
        let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        guard !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigit) else { return nil }
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].allSatisfy(\.isASCIIDigit) else { return nil }
            fractionDigits = parts[1]
        } else {
            fractionDigits = ""
        }
        integerDigits = parts[0]
    }

    /// The value as a double; finite because at most a few hundred digits reach here.
    var doubleValue: Double {
        Double(fractionDigits.isEmpty ? String(integerDigits) : "\(integerDigits).\(fractionDigits)") ?? .infinity
    }

    /// True when every digit is zero.
    var isZero: Bool {
        integerDigits.allSatisfy { $0 == "0" } && fractionDigits.allSatisfy { $0 == "0" }
    }

    /// The integer part, or nil when it does not fit a `UInt64`.
    var integerValue: UInt64? {
        let trimmed = integerDigits.drop { $0 == "0" }
        if trimmed.isEmpty { return 0 }
        return UInt64(trimmed)
    }
}

/// Renders a number for a canonical description: no exponent, at most six decimals, no trailing zeros.
func formatDecimal(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 {
        return String(Int64(value))
    }
    var text = String(format: "%.6f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
