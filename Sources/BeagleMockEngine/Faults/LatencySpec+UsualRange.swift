import BeagleMockHTTP
import Foundation

extension LatencySpec {
    /// How far the standard normal's 5th and 95th percentiles lie from its mean.
    private static let z95 = 1.6448536269514722

    /// The waits this spec draws nine times in ten or more, for comparing it with measured
    /// latencies: a fixed wait itself, a uniform range whole, and a log-normal's 5th to 95th
    /// percentile (`median × e^(±1.645 × sigma)`), its upper end capped by its maximum.
    package var usualRange: ClosedRange<Duration> {
        switch self {
        case .fixed(let duration):
            return duration...duration
        case .uniform(let lower, let upper):
            return lower...upper
        case .logNormal(let median, let sigma, let cap):
            let limit = Double((cap ?? Duration.specMaximum).nanosecondCount)
            let nanoseconds = Double(median.nanosecondCount)
            let low = Swift.min(nanoseconds * exp(-sigma * Self.z95), limit)
            let high = Swift.min(nanoseconds * exp(sigma * Self.z95), limit)
            return .nanoseconds(Int64(low.rounded()))...(.nanoseconds(Int64(high.rounded())))
        }
    }
}
