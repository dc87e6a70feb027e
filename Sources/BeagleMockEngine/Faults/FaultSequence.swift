import BeagleMockHTTP

/// A scripted series of faults: the n-th request to a (rule, method, path) gets entry n, and the
/// last entry repeats (Docs/LatencyAndFaults.md).
///
/// YAML: `sequence: ["status:500", "status:500", ok]`, where `ok` (or `none`) means no fault. String
/// form: the same entries separated by commas, `status:500,status:500,ok`. At most 10,000 entries.
/// An empty sequence is valid and sets no script (it clears a sequence from a lower layer).
package struct FaultSequence: Sendable, Hashable, CustomStringConvertible {
    /// The entries; ``Fault/none`` for `ok`.
    package let steps: [Fault]

    /// The most entries accepted.
    package static let maximumLength = 10_000

    /// Creates a sequence, refusing one longer than ``maximumLength``.
    package init(_ steps: [Fault]) throws(SpecError) {
        guard steps.count <= Self.maximumLength else {
            throw SpecError("sequence has \(steps.count) entries; the maximum is \(Self.maximumLength)")
        }
        self.steps = steps
    }

    /// Parses `status:500,status:500,ok`.
    package init(spec text: String) throws(SpecError) {
        let trimmed = text.trimmingSpecWhitespace()
        guard !trimmed.isEmpty else {
            throw SpecError("empty sequence; write entries like status:500,status:500,ok")
        }
        var steps: [Fault] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            steps.append(try Self.parseStep(String(part)))
        }
        try self.init(steps)
    }

    /// Parses one entry: a fault name, or `ok` for no fault. Rates make no sense in a script.
    static func parseStep(_ text: String) throws(SpecError) -> Fault {
        let trimmed = text.trimmingSpecWhitespace()
        if trimmed.lowercased() == "ok" {
            return .none
        }
        if trimmed.contains("@") {
            throw SpecError(
                "sequence entry \(SpecError.quote(trimmed)) has a rate; a sequence is a script, so write the fault alone (like status:500) or ok"
            )
        }
        do {
            return try Fault(spec: trimmed)
        } catch {
            throw SpecError("sequence entry: \(error.message) (or ok for no fault)")
        }
    }

    /// The entry for the request numbered `index` (0-based): the last entry repeats. Nil when empty.
    package func step(at index: UInt64) -> Fault? {
        guard let last = steps.last else { return nil }
        return index < UInt64(steps.count) ? steps[Int(index)] : last
    }

    /// True when some entry ends the connection.
    package var mayEndConnection: Bool {
        steps.contains(where: \.endsConnection)
    }

    /// `[status:500, status:500, ok]`.
    package var description: String {
        "[" + steps.map { $0 == .none ? "ok" : $0.description }.joined(separator: ", ") + "]"
    }
}
