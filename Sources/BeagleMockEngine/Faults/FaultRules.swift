import BeagleMockHTTP

/// The fault rules of one layer: one draw picks at most one of them (Docs/LatencyAndFaults.md).
///
/// A uniform u in [0, 1) picks rule i when the rates before it sum to at most u and the rates up to
/// it sum to more than u; past the last rule, no fault. Rates summing above 1 are refused. An empty
/// list is valid and means "no faults" (`faults: []` clears the faults of lower layers). String form
/// (flags repeated, or `X-Mock-Fault` / `__fault`): rules separated by commas,
/// `reset@0.5,status:500@0.1`.
package struct FaultRules: Sendable, Hashable, CustomStringConvertible {
    /// The rules, in the order the draw walks them.
    package let rules: [FaultRule]

    /// Rates may add up to a hair over 1 from decimal rounding (0.1 + 0.2 + 0.7).
    static let rateTolerance = 1e-9

    /// No rules: no faults.
    package static let empty = FaultRules(validated: [])

    private init(validated rules: [FaultRule]) {
        self.rules = rules
    }

    /// Creates a list, refusing one whose rates add up to more than 1.
    package init(_ rules: [FaultRule]) throws(SpecError) {
        let total = rules.reduce(0) { $0 + $1.rate }
        guard total <= 1 + Self.rateTolerance else {
            let terms = rules.map(\.description).joined(separator: " + ")
            throw SpecError(
                "fault rates add up to \(formatDecimal(total)), over 1 (\(terms)); lower them so that they sum to at most 1")
        }
        self.rules = rules
    }

    /// Parses a comma-separated list: `reset@0.5,status:500@0.1`.
    package init(spec text: String) throws(SpecError) {
        let trimmed = text.trimmingSpecWhitespace()
        guard !trimmed.isEmpty else {
            throw SpecError("empty fault list; write rules like status:503@0.2,reset@0.05, or none")
        }
        var rules: [FaultRule] = []
        for (index, part) in trimmed.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            guard !part.trimmingSpecWhitespace().isEmpty else {
                throw SpecError(
                    "empty rule at position \(index + 1) in \(SpecError.quote(trimmed)); separate rules with single commas")
            }
            rules.append(try FaultRule(spec: String(part)))
        }
        try self.init(rules)
    }

    /// True when some rule with a rate above 0 ends the connection.
    package var mayEndConnection: Bool {
        rules.contains { $0.rate > 0 && $0.fault.endsConnection }
    }

    /// Picks the fault for a uniform draw `u` in [0, 1): ``Fault/none`` when no rule covers `u`.
    package func pick(_ u: Double) -> Fault {
        var cumulative = 0.0
        for rule in rules {
            let next = cumulative + rule.rate
            if cumulative <= u, u < next {
                return rule.fault
            }
            cumulative = next
        }
        return .none
    }

    /// `status:503@0.2,reset@0.05`, or `[]` when empty.
    package var description: String {
        rules.isEmpty ? "[]" : rules.map(\.description).joined(separator: ",")
    }
}
