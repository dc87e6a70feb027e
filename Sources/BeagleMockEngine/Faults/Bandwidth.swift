import BeagleMockHTTP

/// How fast a response body may be sent: a byte rate, or unlimited.
///
/// Grammar: a decimal number, optional spaces, a unit, then `/s`. Byte units: `B`, `kB`/`KB`
/// (1,000), `KiB` (1,024), `MB` (10^6), `MiB` (2^20), `GB` (10^9), `GiB` (2^30). Bit units, for
/// network recipes: `bit`, `kbit`, `Mbit`, `Gbit` (decimal, 8 bits a byte; the prefix letter's case
/// does not matter). `b` alone is refused as ambiguous (`kb/s`: write `kB/s` or `kbit/s`). The rate
/// must be from 1 B/s to 10 GiB/s; a fraction of a byte per second is dropped, because the rate is a
/// cap and rounding up would exceed it (Docs/LatencyAndFaults.md, "Bandwidth"). `unlimited`
/// switches pacing off (to exempt a route from a global limit).
package enum Bandwidth: Sendable, Hashable, CustomStringConvertible {
    /// No pacing.
    case unlimited
    /// At most this many bytes per second.
    case bytesPerSecond(Int)

    /// The fastest rate accepted, 10 GiB/s: above it pacing cannot be told from none.
    package static let maximumBytesPerSecond = 10 * 1_073_741_824

    /// Bits per unit, exactly, by lowercased prefix.
    private static let bitPrefixes: [String: UInt64] = ["": 1, "k": 1_000, "m": 1_000_000, "g": 1_000_000_000]

    /// Parses `64KiB/s`, `1MiB/s`, `500KB/s`, `1024B/s`, `750kbit/s`, `2Mbit/s` or `unlimited`.
    package init(spec text: String) throws(SpecError) {
        let trimmed = text.trimmingSpecWhitespace()
        let example = "write a rate like 64KiB/s, 1MiB/s, 500kB/s or 2Mbit/s"
        guard !trimmed.isEmpty else {
            throw SpecError("empty bandwidth; \(example), or unlimited")
        }
        if trimmed.lowercased() == "unlimited" {
            self = .unlimited
            return
        }
        let quoted = SpecError.quote(trimmed)
        if trimmed.hasPrefix("-") {
            throw SpecError("negative bandwidth \(quoted); \(example)")
        }
        let lowered = trimmed.lowercased()
        if lowered.contains("nan") || lowered.contains("inf") {
            throw SpecError("bandwidth \(quoted) is not a finite rate; \(example)")
        }
        guard trimmed.hasSuffix("/s") else {
            throw SpecError("bandwidth \(quoted) has no \"/s\"; \(example)")
        }
        let (numberText, unitRest) = DecimalNumber.split(trimmed.dropLast(2))
        guard !numberText.isEmpty else {
            throw SpecError("missing number in bandwidth \(quoted); \(example)")
        }
        guard let number = DecimalNumber(numberText) else {
            throw SpecError("malformed number \(SpecError.quote(numberText)) in bandwidth \(quoted); \(example)")
        }
        let unit = unitRest.trimmingSpecWhitespace()
        // Bytes per unit as the fraction multiplier / divisor, so that the rate is computed exactly.
        let multiplier: UInt64
        let divisor: UInt64
        if let bytes = ByteSize.units[unit] {
            (multiplier, divisor) = (UInt64(bytes), 1)
        } else if unit.lowercased().hasSuffix("bit"), let bits = Self.bitPrefixes[String(unit.lowercased().dropLast(3))] {
            (multiplier, divisor) = (bits, 8)
        } else if unit.hasSuffix("b") || unit.lowercased() == "kib" || unit.lowercased() == "mib" || unit.lowercased() == "gib" {
            throw SpecError(
                "bandwidth unit \(SpecError.quote(unit)) is ambiguous; use B for bytes (kB/s, KiB/s, MiB/s) or bit for bits (kbit/s, Mbit/s)"
            )
        } else {
            throw SpecError(
                "unknown bandwidth unit \(SpecError.quote(unit)) in \(quoted); use B, kB, KiB, MB, MiB, GB, GiB, bit, kbit, Mbit or Gbit, then /s"
            )
        }
        let over = SpecError("bandwidth \(quoted) is over the 10GiB/s limit; use unlimited for no limit")
        guard let (bytes, dropped) = Self.wholeBytes(number, times: multiplier, over: divisor) else { throw over }
        // Below 1 B/s exactly (0.5B/s, 7bit/s): refused rather than rounded to a rate never asked for.
        guard bytes >= 1 else {
            throw SpecError("bandwidth \(quoted) is below 1 B/s; use at least 1B/s (8bit/s), or unlimited for no limit")
        }
        guard bytes < Self.maximumBytesPerSecond || (bytes == Self.maximumBytesPerSecond && !dropped) else { throw over }
        self = .bytesPerSecond(bytes)
    }

    /// `number × multiplier / divisor` rounded down, and whether a fraction was dropped; nil when the
    /// whole part is too large to matter (over 19 digits). Decimal digits are multiplied exactly
    /// rather than through a `Double`, whose error would turn `1.005kB/s` into 1004 B/s.
    private static func wholeBytes(_ number: DecimalNumber, times multiplier: UInt64, over divisor: UInt64)
        -> (bytes: Int, dropped: Bool)?
    {
        // The digits as one integer, least significant first, times the multiplier; the last
        // `fractionDigits.count` digits of the product are below the decimal point.
        var product: [UInt64] = []
        var carry: UInt64 = 0
        for character in (number.integerDigits + number.fractionDigits).reversed() {
            let digit = UInt64(character.asciiValue ?? 48) - 48
            // digit × multiplier + carry stays far below UInt64.max: multiplier ≤ 2^30.
            let value = digit * multiplier + carry
            product.append(value % 10)
            carry = value / 10
        }
        while carry > 0 {
            product.append(carry % 10)
            carry /= 10
        }
        let fractionCount = number.fractionDigits.count
        let fractionDropped = product.prefix(fractionCount).contains { $0 != 0 }
        var whole = Array(product.dropFirst(fractionCount).reversed().drop { $0 == 0 })
        if whole.isEmpty { whole = [0] }
        guard whole.count <= 19 else { return nil }
        let integer = whole.reduce(UInt64(0)) { $0 * 10 + $1 }
        guard integer / divisor <= UInt64(Int.max) else { return nil }
        return (Int(integer / divisor), fractionDropped || !integer.isMultiple(of: divisor))
    }

    /// The canonical form: `unlimited`, or the largest exact unit (`1MiB/s`, `64KiB/s`, `500kB/s`, `93750B/s`).
    package var description: String {
        switch self {
        case .unlimited:
            return "unlimited"
        case .bytesPerSecond(let rate):
            return ByteSize(bytes: Int64(rate)).description + "/s"
        }
    }
}
