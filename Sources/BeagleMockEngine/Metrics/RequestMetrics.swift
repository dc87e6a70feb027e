import CoreMetrics
import Synchronization

/// The requests a server answered, counted by route, status and injected fault, with the latency
/// it injected and the time it took to serve each, as histograms by route (Docs/AdminAPI.md,
/// "Metrics"): one ``RouteMeter`` a route.
///
/// A file of the folders holds its meter (``CachedFile``): a request it answers costs a short search
/// under the meter's lock and three atomic adds. Other answers (a rule's, the upstream's, the
/// echo, none) find theirs by label. The counts reach swift-prometheus's counters when the metrics
/// are asked for (``ServerMetrics``).
package final class RequestMetrics: Sendable {
    private struct State {
        var meters: [MetricRoute: RouteMeter] = [:]
        /// Every meter, in the order its route was first met.
        var order: [RouteMeter] = []
    }

    private let factory: any MetricsFactory
    private let state = Mutex(State())

    /// The request metrics, whose counters are made through `factory`.
    init(factory: any MetricsFactory) {
        self.factory = factory
    }

    /// The meter of `route`, made the first time.
    func meter(for route: MetricRoute) -> RouteMeter {
        state.withLock { state in
            if let known = state.meters[route] { return known }
            let made = RouteMeter(label: route.label, factory: factory)
            state.meters[route] = made
            state.order.append(made)
            return made
        }
    }

    /// The meter of the route `opened` answers: a file of the images folder when it lies below
    /// `imagesRoot`, else of the screens folder.
    func meter(forFile opened: OpenedFile, imagesRoot: String?) -> RouteMeter {
        let isImage = imagesRoot.map { opened.path.hasPrefix($0 + "/") } ?? false
        return meter(for: .file(opened.relativePath, images: isImage))
    }

    /// The meter of an answer that no file gave: the upstream's, the echo's, the matching rule's,
    /// or none's. Handed out unretained: the metrics keep every meter for the server's life.
    func meter(upstream: Bool, echo: Bool, rule: String?) -> Unmanaged<RouteMeter> {
        .passUnretained(meter(for: upstream ? .upstream : echo ? .echo : rule.map(MetricRoute.rule) ?? .unanswered))
    }

    /// Adds to every counter what was counted since the last time; returns every meter, in the
    /// order its route was first met. One caller at a time.
    func sync() -> [RouteMeter] {
        let meters = state.withLock { $0.order }
        for meter in meters { meter.sync() }
        return meters
    }

    /// `duration` in nanoseconds, at most `Int64.max` (a latency of centuries). Within 18 s (most
    /// of them), its attoseconds fit in 64 bits, and one division tells.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        if duration._high == 0 { return Int64(duration._low / 1_000_000_000) }
        let (seconds, attoseconds) = duration.components
        guard seconds < Int64.max / 1_000_000_000 - 1 else { return .max }
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
