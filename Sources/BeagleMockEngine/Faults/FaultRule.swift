import BeagleMockHTTP

/// A fault with the probability of drawing it: `SPEC[@RATE]` on the command line and in control
/// headers, `{fault: "status:503", rate: 0.2}` in YAML.
///
/// The rate is from 0 to 1 (default 1), written as a decimal (`0.2`) or a percentage (`20%`).
package struct FaultRule: Sendable, Hashable, CustomStringConvertible {
    /// The fault this rule injects.
    package let fault: Fault
    /// The probability, from 0 to 1, that a request gets it.
    package let rate: Double

    /// Creates a rule, refusing a rate outside [0, 1].
    package init(fault: Fault, rate: Double = 1) throws(SpecError) {
        guard rate.isFinite, rate >= 0, rate <= 1 else {
            throw SpecError("rate \(rate) for \(fault) is out of range; use a number from 0 to 1, like 0.2")
        }
        self.fault = fault
        self.rate = rate
    }

    /// Parses `status:503@0.2`, `reset@5%` or `hang` (rate 1).
    package init(spec text: String) throws(SpecError) {
        let trimmed = text.trimmingSpecWhitespace()
        guard !trimmed.isEmpty else {
            throw SpecError("empty fault rule; write FAULT or FAULT@RATE, like status:503@0.2")
        }
        guard let at = trimmed.lastIndex(of: "@") else {
            try self.init(fault: Fault(spec: trimmed))
            return
        }
        let fault = try Fault(spec: String(trimmed[..<at]))
        let rate = try Self.parseRate(trimmed[trimmed.index(after: at)...].trimmingSpecWhitespace(), for: fault)
        try self.init(fault: fault, rate: rate)
    }

    /// Parses a rate: `0.2`, `1`, `20%`.
    static func parseRate(_ text: String, for fault: Fault) throws(SpecError) -> Double {
        let example = "use a number from 0 to 1 or a percentage, like \(fault)@0.2 or \(fault)@20%"
        guard !text.isEmpty else {
            throw SpecError("missing rate after \"@\" for \(fault); \(example)")
        }
        if text.hasPrefix("-") {
            throw SpecError("negative rate \(SpecError.quote(text)) for \(fault); \(example)")
        }
        let isPercent = text.hasSuffix("%")
        let digits = isPercent ? String(text.dropLast()).trimmingSpecWhitespace() : text
        guard let number = DecimalNumber(digits[...]) else {
            throw SpecError("rate \(SpecError.quote(text)) for \(fault) is not a number; \(example)")
        }
        let rate = isPercent ? number.doubleValue / 100 : number.doubleValue
        guard rate <= 1 else {
            throw SpecError("rate \(SpecError.quote(text)) for \(fault) is above 1; \(example)")
        }
        return rate
    }

    /// The canonical form: `status:503@0.2`, or just the fault when the rate is 1.
    package var description: String {
        rate == 1 ? fault.description : "\(fault)@\(formatDecimal(rate))"
    }
}
