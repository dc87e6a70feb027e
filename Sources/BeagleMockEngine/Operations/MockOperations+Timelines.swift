import BeagleMockHTTP
import Foundation

extension MockOperations {
    /// The timelines: those the config file names, and those running with where their clocks
    /// stand (`GET /__admin/timeline`, Docs/Timelines.md).
    package struct TimelineReport: Encodable, Sendable {
        /// The timelines of the config file, by name, in file order.
        package let named: [String]
        /// The running timelines: the server's (for `per: client`, one entry per client clock)
        /// and the clients' own.
        package let running: [Run]
        /// The timeline a start replaced, or a stop stopped; nil otherwise or when none ran.
        package var replaced: String?
        package var stopped: String?

        /// One clock of a running timeline.
        package struct Run: Encodable, Sendable {
            /// The timeline's name (`inline` for one given whole).
            package let timeline: String
            /// `server` or `client`: whose clock (`client` for a client's own).
            package let per: String
            /// The client whose clock this is; nil for the server's (or a `per: client` timeline
            /// that no client has reached yet).
            package let client: String?
            /// Whether it was started by the client's `X-Mock-Timeline` header.
            package let own: Bool
            package let loop: Bool
            package let end: String
            /// The time to live in milliseconds; nil for none.
            package let ttlMs: Double?
            /// The stages: label, length in milliseconds, whether entering it drops connections.
            package let stages: [Stage]
            /// How long the clock has run, in milliseconds.
            package let elapsedMs: Double
            /// The stage now, from 0; nil once the timeline has ended (the base settings apply).
            package let stage: Int?
            /// Time left in the stage, in milliseconds; nil when it is held for good or ended.
            package let stageLeftMs: Double?
            /// Passes through the stages so far, for a loop.
            package let pass: Int

            private enum CodingKeys: String, CodingKey {
                case timeline, per, client, own, loop, end, ttlMs, stages, elapsedMs, stage, stageLeftMs, pass
            }

            /// Every key, `null` for none.
            package func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(timeline, forKey: .timeline)
                try container.encode(per, forKey: .per)
                try container.encode(client, forKey: .client)
                try container.encode(own, forKey: .own)
                try container.encode(loop, forKey: .loop)
                try container.encode(end, forKey: .end)
                try container.encode(ttlMs, forKey: .ttlMs)
                try container.encode(stages, forKey: .stages)
                try container.encode(elapsedMs, forKey: .elapsedMs)
                try container.encode(stage, forKey: .stage)
                try container.encode(stageLeftMs, forKey: .stageLeftMs)
                try container.encode(pass, forKey: .pass)
            }
        }

        /// A stage as the report shows it.
        package struct Stage: Encodable, Sendable {
            package let name: String
            package let forMs: Double
            package let dropsConnections: Bool
        }

        private enum CodingKeys: String, CodingKey { case named, running, replaced, stopped }

        /// Every key, `null` for none.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(named, forKey: .named)
            try container.encode(running, forKey: .running)
            try container.encode(replaced, forKey: .replaced)
            try container.encode(stopped, forKey: .stopped)
        }
    }

    /// The timelines named and running now.
    package func timelines() -> TimelineReport {
        let statuses = settings.timelines.status()
        return TimelineReport(
            named: settings.snapshot.configuration.timelines.map(\.name),
            running: statuses.map { status in
                let timeline = status.timeline
                var stage: Int?
                var left: Duration?
                var pass = 0
                if case .stage(let index, _, let remaining, let passes) = status.position {
                    stage = index
                    left = remaining
                    pass = passes
                }
                return TimelineReport.Run(
                    timeline: timeline.name, per: status.own ? Timeline.Scope.client.rawValue : timeline.scope.rawValue,
                    client: status.client, own: status.own,
                    loop: timeline.loops, end: timeline.ending.rawValue, ttlMs: timeline.timeToLive.map(Self.milliseconds),
                    stages: timeline.stages.map {
                        TimelineReport.Stage(
                            name: $0.name, forMs: Self.milliseconds($0.duration), dropsConnections: $0.dropsConnections)
                    },
                    elapsedMs: Self.milliseconds(status.elapsed), stage: stage, stageLeftMs: left.map(Self.milliseconds),
                    pass: pass)
            },
            replaced: nil, stopped: nil)
    }

    /// Starts the timeline `json` asks for (`{"name": "tunnel"}`, or `{"timeline": {...}}` given
    /// whole, either with `per` and `ttl`) for the server, replacing the one that runs (the
    /// answer's `replaced` names it). Refused whole, with the place, when anything in it is wrong:
    /// the running timeline is then left as it was.
    @discardableResult
    package func startTimeline(json: String) throws(OperationError) -> TimelineReport {
        let start: TimelineYAML.Start
        do {
            start = try TimelineYAML.start(
                json: json, source: "body", named: settings.snapshot.configuration)
        } catch {
            throw OperationError(.invalid, error.description)
        }
        switch start {
        case .found(let timeline): return run(timeline)
        case .unknownName(let error): throw OperationError(.notFound, error.description)
        }
    }

    /// Starts the config file's timeline `name` (`--timeline`).
    @discardableResult
    package func startTimeline(named name: String) throws(OperationError) -> TimelineReport {
        let configuration = settings.snapshot.configuration
        guard let timeline = configuration.timeline(named: name) else {
            throw OperationError(.notFound, field: "name", value: name, configuration.unknownTimeline(name))
        }
        return run(timeline)
    }

    /// Starts `timeline` for the server; the report names the one it replaced.
    private func run(_ timeline: Timeline) -> TimelineReport {
        let started = settings.timelines.start(timeline)
        var report = timelines()
        report.replaced = started.replaced
        return report
    }

    /// Stops the server's timeline and every client's own: the base settings again.
    @discardableResult
    package func stopTimeline() -> TimelineReport {
        let stopped = settings.timelines.stopAll()
        var report = timelines()
        report.stopped = stopped
        return report
    }

    /// Milliseconds to a tenth.
    private static func milliseconds(_ duration: Duration) -> Double {
        (AccessLog.millisecondsValue(duration) * 10).rounded() / 10
    }
}
