import BeagleMockHTTP

/// A size in bytes as a user writes it (`--record-max-size 20MiB`): a whole number, optional
/// spaces, then a byte unit, the same as in a bandwidth: `B`, `kB`/`KB` (1,000), `KiB` (1,024),
/// `MB` (10^6), `MiB` (2^20), `GB` (10^9), `GiB` (2^30); a bare number is bytes.
package struct ByteSize: Sendable, Hashable, CustomStringConvertible {
    /// The size.
    package let bytes: Int64

    /// Bytes per unit, exactly.
    static let units: [String: Int64] = [
        "B": 1, "kB": 1_000, "KB": 1_000, "KiB": 1_024, "MB": 1_000_000, "MiB": 1_048_576,
        "GB": 1_000_000_000, "GiB": 1_073_741_824,
    ]
    /// The units a size is shown in, largest first; `B` when none holds it exactly.
    private static let shownUnits: [(name: String, bytes: Int64)] = [
        ("GiB", 1_073_741_824), ("GB", 1_000_000_000), ("MiB", 1_048_576), ("MB", 1_000_000), ("KiB", 1_024), ("kB", 1_000),
    ]

    package init(bytes: Int64) {
        self.bytes = bytes
    }

    /// Parses `10MiB`, `500 kB` or `1048576`; `what` names the value in errors (`record size limit`).
    package init(spec text: String, what: String) throws(SpecError) {
        let trimmed = text.trimmingSpecWhitespace()
        let example = "write a size like 10MiB, 500kB or 1048576 (bytes)"
        guard !trimmed.isEmpty else { throw SpecError("empty \(what); \(example)") }
        let quoted = SpecError.quote(trimmed)
        if trimmed.hasPrefix("-") { throw SpecError("negative \(what) \(quoted); \(example)") }
        let (number, rest) = DecimalNumber.split(Substring(trimmed))
        guard !number.isEmpty else { throw SpecError("missing number in \(what) \(quoted); \(example)") }
        guard number.allSatisfy(\.isASCIIDigit) else {
            throw SpecError("\(what) \(quoted) is not a whole number of its unit; \(example)")
        }
        let unit = rest.trimmingSpecWhitespace()
        guard let size = unit.isEmpty ? 1 : Self.units[String(unit)] else {
            throw SpecError(
                "unknown unit \(SpecError.quote(String(unit))) in \(what) \(quoted); use B, kB, KiB, MB, MiB, GB or GiB")
        }
        guard let count = Int64(number), case let (bytes, overflow) = count.multipliedReportingOverflow(by: size), !overflow
        else { throw SpecError("\(what) \(quoted) is too large; \(example)") }
        self.bytes = bytes
    }

    /// The size in the largest unit that holds it exactly (`10MiB`, `500kB`, `1234B`).
    package var description: String {
        for (unit, size) in Self.shownUnits where bytes != 0 && bytes % size == 0 { return "\(bytes / size)\(unit)" }
        return "\(bytes)B"
    }
}
