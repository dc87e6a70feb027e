import BeagleMockHTTP

/// Durations as users write them: `250ms`, `1.5s`, `2m`, `0`.
///
/// Grammar: a decimal number (`[0-9]+(.[0-9]+)?`, no sign, no exponent) followed by a unit, with
/// optional spaces between them: `ns`, `us` (or `µs`), `ms`, `s`, `m`, `h`. A zero may omit the
/// unit (`0`). Values are exact to the nanosecond (extra decimals are cut) and at most 24 hours.
extension Duration {
    /// The longest duration a spec accepts: longer ones are typos (`99999999999999999h`), and a cap
    /// keeps every later multiplication and conversion far from overflow.
    package static let specMaximum: Duration = .seconds(24 * 60 * 60)

    private static let units: [(name: String, nanoseconds: Int64)] = [
        ("ns", 1), ("us", 1_000), ("µs", 1_000), ("μs", 1_000), ("ms", 1_000_000),
        ("s", 1_000_000_000), ("m", 60_000_000_000), ("h", 3_600_000_000_000),
    ]

    /// Parses a duration spec (`250ms`, `1.5s`, `2m`, `0`), refusing empty, negative, non-finite,
    /// unit-less, over-long and oddly-united values with a message that says how to write it.
    package init(spec text: String) throws(SpecError) {
        let trimmed = text.trimmingSpecWhitespace()
        guard !trimmed.isEmpty else {
            throw SpecError("empty duration; write a duration like 250ms, 1.5s, 2m or 0")
        }
        let quoted = SpecError.quote(trimmed)
        if trimmed.hasPrefix("-") {
            throw SpecError("negative duration \(quoted); a duration is 0 or more, like 250ms")
        }
        let lowered = trimmed.lowercased()
        if lowered.contains("nan") || lowered.contains("inf") {
            throw SpecError("\(quoted) is not a finite duration; write a duration like 250ms, 1.5s or 2m")
        }
        let (numberText, unitRest) = DecimalNumber.split(trimmed[...])
        let unit = unitRest.trimmingSpecWhitespace()
        guard !numberText.isEmpty else {
            throw SpecError("missing number in duration \(quoted); write a number then a unit, like 250ms")
        }
        guard let number = DecimalNumber(numberText) else {
            throw SpecError(
                "malformed number \(SpecError.quote(numberText)) in duration \(quoted); write digits with at most one dot, like 1.5s"
            )
        }
        guard !unit.isEmpty else {
            if number.isZero {
                self = .zero
                return
            }
            throw SpecError("missing unit in duration \(quoted); add one of ns, us, ms, s, m, h, like \(numberText)ms")
        }
        guard let unitNanoseconds = Self.units.first(where: { $0.name == unit })?.nanoseconds else {
            let hint = Self.units.contains { $0.name == unit.lowercased() } ? " (units are lower-case)" : ""
            throw SpecError(
                "unknown unit \(SpecError.quote(unit)) in duration \(quoted)\(hint); use ns, us, ms, s, m or h, like 250ms")
        }
        let tooLong = SpecError("duration \(quoted) is too long; the maximum is 24h")
        guard let integer = number.integerValue, integer <= UInt64(Int64.max) else { throw tooLong }
        let (whole, overflow) = Int64(integer).multipliedReportingOverflow(by: unitNanoseconds)
        guard !overflow else { throw tooLong }
        // The fraction goes through Double: at most 24h of nanoseconds (8.64e13) keeps every step
        // well inside a double's 53 exact bits, so `1.5s` is exactly 1_500_000_000 ns.
        var fraction: Int64 = 0
        if !number.fractionDigits.isEmpty {
            let digits = number.fractionDigits.prefix(18)
            let fractionValue = Double("0.\(digits)") ?? 0
            fraction = Int64((fractionValue * Double(unitNanoseconds)).rounded(.down))
        }
        let (total, overflowTotal) = whole.addingReportingOverflow(fraction)
        guard !overflowTotal, total <= Duration.specMaximum.nanosecondCount else { throw tooLong }
        self = .nanoseconds(total)
    }

    /// Whole nanoseconds in this duration (durations from specs never overflow this).
    package var nanosecondCount: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, overflowSum) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflowSum ? .max : sum
    }

    /// Milliseconds as a double, for logs and the journal's `latencyMs`.
    package var inMilliseconds: Double {
        Double(nanosecondCount) / 1_000_000
    }

    /// The canonical spec for this duration (`250ms`, `1.5s`, `2m`, `0ms`); parsing it gives the same duration.
    package var specDescription: String {
        let ns = nanosecondCount
        if ns == 0 { return "0ms" }
        let hour: Int64 = 3_600_000_000_000
        let minute: Int64 = 60_000_000_000
        let second: Int64 = 1_000_000_000
        if ns % hour == 0 { return "\(ns / hour)h" }
        if ns % minute == 0 { return "\(ns / minute)m" }
        if ns >= second, ns % 1_000_000 == 0 {
            var fraction = String(ns % second / 1_000_000)
            if fraction == "0" { return "\(ns / second)s" }
            while fraction.count < 3 { fraction = "0" + fraction }
            while fraction.hasSuffix("0") { fraction.removeLast() }
            return "\(ns / second).\(fraction)s"
        }
        if ns % 1_000_000 == 0 { return "\(ns / 1_000_000)ms" }
        if ns % 1_000 == 0 { return "\(ns / 1_000)us" }
        return "\(ns)ns"
    }
}
