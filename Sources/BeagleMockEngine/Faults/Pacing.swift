/// How the server paces a response body, resolved from bandwidth and dribble (dribble wins when set).
package enum Pacing: Sendable, Hashable, CustomStringConvertible {
    /// Send as fast as possible.
    case unpaced
    /// Send at most this many bytes per second.
    case bandwidth(bytesPerSecond: Int)
    /// Split the body into `chunks` pieces and wait duration/chunks before each.
    case dribble(chunks: Int, duration: Duration)

    /// Pacing from the resolved fields: a dribble replaces bandwidth, `off` and `unlimited` mean none.
    package init(bandwidth: Bandwidth?, dribble: Dribble?) {
        if case .chunks(let count, let duration) = dribble {
            self = .dribble(chunks: count, duration: duration)
        } else if case .bytesPerSecond(let rate) = bandwidth {
            self = .bandwidth(bytesPerSecond: rate)
        } else {
            self = .unpaced
        }
    }

    /// `-`, `bandwidth=64KiB/s` or `dribble=10x2s`, for logs.
    package var description: String {
        switch self {
        case .unpaced: return "-"
        case .bandwidth(let rate): return "bandwidth=\(Bandwidth.bytesPerSecond(rate))"
        case .dribble(let chunks, let duration): return "dribble=\(Dribble.chunks(chunks, over: duration))"
        }
    }
}
