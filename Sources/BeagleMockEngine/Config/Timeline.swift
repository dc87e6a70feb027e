import BeagleMockHTTP
import HTTPTypes

/// A network story told over time (Docs/Timelines.md): stages, each a duration and what the
/// network is during it, layered over the base settings as a profile is. It can loop, end by
/// reverting to the base settings or by holding its last stage, and end itself after a time to
/// live. It runs for the whole server, or for each client on a clock of its own.
///
/// Where a moment falls is a pure function of the time since the clock started
/// (``position(after:)``), so transitions, loops and the time to live are the same on any clock.
package struct Timeline: Sendable, Hashable {
    /// One stage: how long it lasts and what the network is during it.
    package struct Stage: Sendable, Hashable {
        /// Its label: `name:`, else its profile's name, else `stage N`.
        package var name: String
        /// How long it lasts; longer than zero.
        package var duration: Duration
        /// Latency, bandwidth, dribble and faults for every request (a profile fills those it
        /// does not set).
        package var layer: SettingsLayer
        /// Route rules of the stage: the first that matches a request wins over ``layer``.
        package var routes: [RouteRule]
        /// Whether entering the stage ends the connections open then (a phone losing its
        /// network): by default, for a stage whose profile is `offline`.
        package var dropsConnections: Bool

        package init(
            name: String, duration: Duration, layer: SettingsLayer, routes: [RouteRule] = [],
            dropsConnections: Bool = false
        ) {
            self.name = name
            self.duration = duration
            self.layer = layer
            self.routes = routes
            self.dropsConnections = dropsConnections
        }

        /// The layer a request to `path` gets in this stage: the first matching stage rule's,
        /// filled by the stage's own.
        func layer(method: HTTPRequest.Method, path: PathSegments) -> SettingsLayer {
            guard let rule = routes.first(where: { $0.matches(method: method, path: path) }) else { return layer }
            return rule.layer.filled(from: layer)
        }
    }

    /// Who a timeline's clock belongs to.
    package enum Scope: String, Sendable, Hashable, CaseIterable {
        /// One clock for the server, started with the timeline.
        case server
        /// A clock per client (its `X-Mock-Client` header, else its address), started at the
        /// client's first request.
        case client
    }

    /// What happens after the last stage of a timeline that does not loop.
    package enum Ending: String, Sendable, Hashable, CaseIterable {
        /// The timeline ends: the base settings again.
        case revert
        /// The last stage stays until the timeline is stopped or its time to live ends.
        case hold
    }

    /// Its name (the key under `timeline:`, or `inline` for one given whole to the admin API).
    package var name: String
    /// The stages, in order; at least one.
    package var stages: [Stage]
    /// Whether it starts again after its last stage.
    package var loops: Bool = false
    /// After the last stage, when it does not loop.
    package var ending: Ending = .revert
    /// The most it runs, from the start of its clock; nil for no limit.
    package var timeToLive: Duration?
    /// Whose clock it runs on.
    package var scope: Scope = .server

    package init(
        name: String, stages: [Stage], loops: Bool = false, ending: Ending = .revert, timeToLive: Duration? = nil,
        scope: Scope = .server
    ) {
        self.name = name
        self.stages = stages
        self.loops = loops
        self.ending = ending
        self.timeToLive = timeToLive
        self.scope = scope
    }

    /// The length of one pass through the stages.
    package var length: Duration { stages.reduce(.zero) { $0 + $1.duration } }

    /// Where a clock stands.
    package enum Position: Sendable, Hashable {
        /// In stage `index`, `elapsed` into it, `left` before it ends (nil: held for good);
        /// `pass` counts the loops (0 the first time through).
        case stage(index: Int, elapsed: Duration, left: Duration?, pass: Int)
        /// The timeline is over: the base settings apply.
        case ended

        /// The stage's index, when there is one.
        package var index: Int? {
            if case .stage(let index, _, _, _) = self { return index }
            return nil
        }
    }

    /// Where a clock that started `elapsed` ago stands. A moment on a boundary belongs to the
    /// stage that begins there.
    package func position(after elapsed: Duration) -> Position {
        if let timeToLive, elapsed >= timeToLive { return .ended }
        guard let last = stages.last else { return .ended }
        let elapsed = max(elapsed, .zero)
        let length = self.length
        var offset = elapsed
        var pass = 0
        if offset >= length {
            guard loops, length > .zero else {
                guard ending == .hold else { return .ended }
                let left = timeToLive.map { $0 - elapsed }
                return .stage(index: stages.count - 1, elapsed: offset - (length - last.duration), left: left, pass: 0)
            }
            let passes = Int(offset / length)
            pass = passes
            offset = offset - length * passes
        }
        for (index, stage) in stages.enumerated() {
            if offset < stage.duration {
                var left = stage.duration - offset
                if let timeToLive { left = min(left, timeToLive - elapsed) }
                return .stage(index: index, elapsed: offset, left: left, pass: pass)
            }
            offset -= stage.duration
        }
        return .ended
    }

    /// The first moment after `elapsed` (strictly) at which a stage that drops connections
    /// begins, as time since the clock started; nil when none is ahead.
    package func nextDrop(after elapsed: Duration) -> Duration? {
        guard stages.contains(where: \.dropsConnections) else { return nil }
        let length = self.length
        guard length > .zero else { return nil }
        var passStart: Duration = .zero
        if elapsed >= length {
            guard loops else { return nil }
            passStart = length * Int(elapsed / length)
        }
        // This pass and, when looping, the next: a drop is always within two passes.
        for _ in 0..<2 {
            var start = passStart
            for stage in stages {
                if stage.dropsConnections, start > elapsed {
                    if let timeToLive, start >= timeToLive { return nil }
                    return start
                }
                start += stage.duration
            }
            guard loops else { return nil }
            passStart += length
        }
        return nil
    }
}
