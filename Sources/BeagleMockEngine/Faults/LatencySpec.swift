import BeagleMockHTTP
import Foundation

/// How long to wait before the first byte of a response: fixed, uniform, or log-normal as in WireMock.
///
/// String form (flags, `X-Mock-Latency`, `__latency`): `250ms` (fixed), `100ms..400ms` (uniform,
/// both ends included), `lognormal:120ms,0.4` or `lognormal:120ms,0.4,5s` (median, sigma, optional
/// cap). YAML form: a string as above, `{uniform: [100ms, 400ms]}`,
/// `{lognormal: {median: 120ms, sigma: 0.4, max: 5s}}` or `{fixed: 250ms}`.
package enum LatencySpec: Sendable, Hashable, CustomStringConvertible {
    /// Always the same wait.
    case fixed(Duration)
    /// A wait drawn uniformly between two bounds, both included.
    case uniform(lower: Duration, upper: Duration)
    /// `median × e^(sigma × Z)` with Z standard normal, capped at `max` (and always at 24h).
    case logNormal(median: Duration, sigma: Double, max: Duration?)

    /// No latency.
    package static let none = LatencySpec.fixed(.zero)

    /// The largest sigma accepted: e^(10 × 4) is already 10^17 times the median.
    package static let maximumSigma = 10.0

    /// Parses the string form: `250ms`, `100ms..400ms`, `lognormal:120ms,0.4[,5s]`.
    package init(spec text: String) throws(SpecError) {
        let trimmed = text.trimmingSpecWhitespace()
        guard !trimmed.isEmpty else {
            throw SpecError("empty latency; write 250ms (fixed), 100ms..400ms (uniform) or lognormal:120ms,0.4 (log-normal)")
        }
        if trimmed.lowercased().hasPrefix("lognormal:") {
            let arguments = trimmed.dropFirst("lognormal:".count).split(separator: ",", omittingEmptySubsequences: false)
            guard arguments.count == 2 || arguments.count == 3 else {
                throw SpecError(
                    "log-normal latency \(SpecError.quote(trimmed)) needs a median and a sigma, and optionally a maximum: lognormal:120ms,0.4 or lognormal:120ms,0.4,5s"
                )
            }
            let median = try Duration(spec: String(arguments[0]))
            let sigma = try Self.parseSigma(arguments[1].trimmingSpecWhitespace())
            let max = arguments.count == 3 ? try Duration(spec: String(arguments[2])) : nil
            self = try .validatedLogNormal(median: median, sigma: sigma, max: max)
            return
        }
        if let range = trimmed.range(of: "..") {
            let lowerText = String(trimmed[..<range.lowerBound])
            let upperText = String(trimmed[range.upperBound...])
            guard !lowerText.trimmingSpecWhitespace().isEmpty, !upperText.trimmingSpecWhitespace().isEmpty else {
                throw SpecError("uniform latency \(SpecError.quote(trimmed)) needs both bounds, like 100ms..400ms")
            }
            self = try .validatedUniform(lower: Duration(spec: lowerText), upper: Duration(spec: upperText))
            return
        }
        self = .fixed(try Duration(spec: trimmed))
    }

    /// A uniform latency, refusing a lower bound above the upper one.
    package static func validatedUniform(lower: Duration, upper: Duration) throws(SpecError) -> LatencySpec {
        guard lower <= upper else {
            throw SpecError(
                "uniform latency \(lower.specDescription)..\(upper.specDescription) has its lower bound above its upper bound; write the smaller first"
            )
        }
        return .uniform(lower: lower, upper: upper)
    }

    /// A log-normal latency, refusing a negative or non-finite sigma and a cap below the median.
    package static func validatedLogNormal(median: Duration, sigma: Double, max: Duration?) throws(SpecError) -> LatencySpec {
        guard sigma.isFinite, sigma >= 0, sigma <= maximumSigma else {
            throw SpecError(
                "log-normal sigma \(sigma) is out of range; use a number from 0 to \(formatDecimal(maximumSigma)), like 0.4")
        }
        if let max, max < median {
            throw SpecError(
                "log-normal maximum \(max.specDescription) is below the median \(median.specDescription); the maximum caps draws and must be at least the median"
            )
        }
        return .logNormal(median: median, sigma: sigma, max: max)
    }

    static func parseSigma(_ text: String) throws(SpecError) -> Double {
        guard !text.isEmpty else {
            throw SpecError("missing log-normal sigma; write a number like 0.4")
        }
        if text.hasPrefix("-") {
            throw SpecError("negative log-normal sigma \(SpecError.quote(text)); sigma is 0 or more, like 0.4")
        }
        guard let number = DecimalNumber(text[...]) else {
            throw SpecError("log-normal sigma \(SpecError.quote(text)) is not a number; write a number like 0.4")
        }
        return number.doubleValue
    }

    /// The canonical string form, as accepted by ``init(spec:)``.
    package var description: String {
        switch self {
        case .fixed(let duration):
            return duration.specDescription
        case .uniform(let lower, let upper):
            return "\(lower.specDescription)..\(upper.specDescription)"
        case .logNormal(let median, let sigma, let max):
            let base = "lognormal:\(median.specDescription),\(formatDecimal(sigma))"
            return max.map { "\(base),\($0.specDescription)" } ?? base
        }
    }

    /// True when every draw is zero.
    package var isZero: Bool {
        switch self {
        case .fixed(let duration): return duration == .zero
        case .uniform(let lower, let upper): return lower == .zero && upper == .zero
        case .logNormal(let median, _, let max): return median == .zero || max == .zero
        }
    }

    /// Draws one latency from `random`; the same generator state gives the same latency.
    package func draw(using random: inout some RandomNumberGenerator) -> Duration {
        switch self {
        case .fixed(let duration):
            return duration
        case .uniform(let lower, let upper):
            let span = UInt64(max(0, upper.nanosecondCount - lower.nanosecondCount))
            let offset = span == 0 ? 0 : UInt64.random(in: 0...span, using: &random)
            return .nanoseconds(lower.nanosecondCount + Int64(offset))
        case .logNormal(let median, let sigma, let cap):
            // Box–Muller: u1 in (0, 1] keeps the logarithm finite.
            let u1 = 1 - Double(random.next() >> 11) * 0x1.0p-53
            let u2 = Double(random.next() >> 11) * 0x1.0p-53
            let normal = (-2 * Foundation.log(u1)).squareRoot() * cos(2 * Double.pi * u2)
            let limit = Double((cap ?? Duration.specMaximum).nanosecondCount)
            let value = Double(median.nanosecondCount) * exp(sigma * normal)
            let bounded = value.isFinite ? Swift.min(value, limit) : limit
            return .nanoseconds(Int64(bounded.rounded()))
        }
    }
}
