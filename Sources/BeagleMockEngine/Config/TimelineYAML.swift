import BeagleMockHTTP
import BeagleScreens
import Foundation
import Yams

/// Reads timelines (Docs/Timelines.md): `timeline:` in `beagle-mock.yml`, a mapping of names to
/// timelines, and one timeline given whole to `PUT /__admin/timeline` or an MCP tool, written
/// the same way in JSON. Every error names its place: `file:line:column` and the key path
/// (`timeline.tunnel.stages[1].for`).
///
/// ```yaml
/// timeline:
///   tunnel:
///     per: client          # or server (the default)
///     loop: false
///     end: revert          # or hold
///     ttl: 10m
///     stages:
///       - {for: 8s, profile: offline}
///       - {for: 20s, profile: edge}
///       - {for: 30s, profile: lte, routes: [{path: /images/**, bandwidth: 16KiB/s}]}
/// ```
enum TimelineYAML {
    static let timelineKeys = ["stages", "loop", "end", "ttl", "per"]
    static let stageKeys = [
        "for", "name", "profile", "latency", "bandwidth", "dribble", "faults", "routes", "connections",
    ]
    /// What a stage's route rule may set: which requests, and their network.
    static let stageRouteKeys = ["path", "methods", "latency", "bandwidth", "dribble", "faults", "profile"]

    /// `timeline:`: each key a name, each value a timeline.
    static func timelines(from value: YAMLValue) throws(ConfigError) -> [Timeline] {
        guard case .mapping(let mapping) = value.node else {
            throw value.error(
                "expected named timelines like timeline: {tunnel: {stages: [{for: 8s, profile: offline}]}}, found \(value.kind)")
        }
        var timelines: [Timeline] = []
        for (keyNode, valueNode) in mapping {
            let key = YAMLValue(node: keyNode, path: value.path)
            let name = try key.parseScalar(expected: "a timeline's name like tunnel") { text throws(SpecError) in
                try TimelineName.check(text)
                return text
            }
            guard !timelines.contains(where: { $0.name == name }) else {
                throw key.error("timeline \(name) is named twice")
            }
            let item = YAMLValue(node: valueNode, path: "\(value.path).\(name)")
            timelines.append(try timeline(named: name, from: item))
        }
        return timelines
    }

    /// One timeline: `{stages: [...], loop:, end:, ttl:, per:}`.
    static func timeline(named name: String, from value: YAMLValue) throws(ConfigError) -> Timeline {
        let mapping = try value.mapping(
            expected: "a timeline like {stages: [{for: 8s, profile: offline}, {for: 20s, profile: edge}]}",
            allowed: timelineKeys)
        let stagesValue = try mapping.required("stages", example: "stages: [{for: 8s, profile: offline}]")
        let items = try stagesValue.sequence(expected: "a list of stages like [{for: 8s, profile: offline}]")
        guard !items.isEmpty else {
            throw stagesValue.error("a timeline needs at least one stage, like [{for: 8s, profile: offline}]")
        }
        var timeline = Timeline(name: name, stages: [])
        for (index, item) in items.enumerated() {
            timeline.stages.append(try stage(number: index + 1, from: item))
        }
        if let loop = try mapping.optional("loop") {
            timeline.loops = try ConfigLoader.bool(from: loop)
        }
        if let end = try mapping.optional("end") {
            timeline.ending = try end.parseScalar(expected: "revert or hold") { text throws(SpecError) in
                guard let ending = Timeline.Ending(rawValue: text) else {
                    throw SpecError(
                        "end must be revert (the base settings again) or hold (the last stage stays), not \(SpecError.quote(text))"
                    )
                }
                return ending
            }
        }
        if let ttl = try mapping.optional("ttl", clearHint: "remove the key for no time to live") {
            timeline.timeToLive = try timeToLive(from: ttl)
        }
        if let per = try mapping.optional("per") {
            timeline.scope = try scope(from: per)
        }
        return timeline
    }

    private static func timeToLive(from value: YAMLValue) throws(ConfigError) -> Duration {
        let duration = try Duration(yaml: value)
        guard duration > .zero else { throw value.error("ttl must be longer than 0, like 10m") }
        return duration
    }

    private static func scope(from value: YAMLValue) throws(ConfigError) -> Timeline.Scope {
        try value.parseScalar(expected: "server or client") { text throws(SpecError) in
            guard let scope = Timeline.Scope(rawValue: text) else {
                throw SpecError("per must be server (one clock) or client (a clock per client), not \(SpecError.quote(text))")
            }
            return scope
        }
    }

    /// One stage: `{for: 8s, profile: offline}`, with latency, bandwidth, dribble, faults and
    /// route rules as the config writes them.
    private static func stage(number: Int, from value: YAMLValue) throws(ConfigError) -> Timeline.Stage {
        let mapping = try value.mapping(
            expected: "a stage like {for: 8s, profile: offline}", allowed: stageKeys,
            misplaced: [
                "sequence": "a stage draws its faults by rate; a sequence counts requests, not time",
                "duration": "a stage's length is for:, like {for: 8s, profile: offline}",
            ])
        let durationValue = try mapping.required("for", example: "for: 8s")
        let duration = try Duration(yaml: durationValue)
        guard duration > .zero else {
            throw durationValue.error("a stage must last longer than 0, like for: 8s")
        }
        let layer = try ConfigLoader.layer(from: mapping)
        let profile = try mapping.optional("profile").map { value throws(ConfigError) in
            try value.parseScalar(expected: "a network profile like edge") { text throws(SpecError) in
                try NetworkProfile(spec: text)
            }
        }
        var name = profile?.rawValue ?? "stage \(number)"
        if let value = try mapping.optional("name") {
            name = try value.scalar(expected: "a label like tunnel")
        }
        var routes: [RouteRule] = []
        if let value = try mapping.optional("routes", clearHint: "write routes: [] for none, or remove the key") {
            for item in try value.sequence(expected: "a list of route rules like [{path: /images/**, bandwidth: 16KiB/s}]") {
                routes.append(try ConfigLoader.routeRule(from: item, allowed: stageRouteKeys))
            }
        }
        var drops = profile == .offline
        if let value = try mapping.optional("connections") {
            drops = try value.parseScalar(expected: "drop or keep") { text throws(SpecError) in
                switch text {
                case "drop": return true
                case "keep": return false
                default:
                    throw SpecError(
                        "connections must be drop (entering the stage ends the connections open) or keep, not \(SpecError.quote(text))"
                    )
                }
            }
        }
        return Timeline.Stage(name: name, duration: duration, layer: layer, routes: routes, dropsConnections: drops)
    }

    /// What a start asks for: `{"name": "tunnel"}` (a timeline of the config file) or
    /// `{"timeline": {"stages": [...]}}` (one given whole), either with `per` and `ttl` to change
    /// how it runs. Read from JSON text, errors placed in `source` (`body:1:23: …`).
    static let startKeys = ["name", "timeline", "per", "ttl"]

    /// What a start found: the timeline, or a name the config file does not have (an error placed
    /// on the name, which the admin API answers with 404 rather than 400).
    enum Start {
        case found(Timeline)
        case unknownName(ConfigError)
    }

    /// The deepest nesting a start's JSON may have (a timeline needs five).
    static let deepestNesting = 32

    /// The timeline a start asks for, from `text`, named timelines from the config file `named`. The text must be
    /// strict JSON, nested at most ``deepestNesting`` deep: it comes from the network.
    static func start(json text: String, source: String, named: MockConfiguration) throws(ConfigError) -> Start {
        let json: JSONNode
        do {
            json = try JSONReader(maximumDepth: deepestNesting).parse(text)
        } catch {
            throw ConfigError(file: source, line: error.line, column: error.column, message: error.message)
        }
        let node: Node
        do {
            // YAML reads JSON with its places; where it reads the text otherwise (an escape YAML
            // has not, like a surrogate pair), the value the JSON reader read, without places.
            node = try Yams.compose(yaml: text) ?? Self.node(json)
        } catch {
            node = Self.node(json)
        }
        do throws(ConfigError) {
            let root = YAMLValue(node: node, path: "")
            let mapping = try root.mapping(
                expected:
                    #"an object like {"name": "tunnel"} or {"timeline": {"stages": [{"for": "8s", "profile": "offline"}]}}"#,
                allowed: startKeys)
            var timeline: Timeline
            switch (try mapping.optional("name"), try mapping.optional("timeline")) {
            case (let name?, nil):
                let text = try name.parseScalar(expected: "a timeline's name like tunnel") { text throws(SpecError) in
                    try TimelineName.check(text)
                    return text
                }
                guard let found = named.timeline(named: text) else {
                    return .unknownName(name.error(named.unknownTimeline(text)).inFile(source))
                }
                timeline = found
            case (nil, let inline?):
                timeline = try self.timeline(named: "inline", from: inline)
            case (.some, .some):
                throw root.error("give name or timeline, not both")
            case (nil, nil):
                throw root.error(#"missing name or timeline; send {"name": "tunnel"} or {"timeline": {"stages": [...]}}"#)
            }
            if let per = try mapping.optional("per") {
                timeline.scope = try scope(from: per)
            }
            if let ttl = try mapping.optional("ttl", clearHint: "remove the key to keep the timeline's own") {
                timeline.timeToLive = try timeToLive(from: ttl)
            }
            return .found(timeline)
        } catch {
            throw error.inFile(source)
        }
    }

    /// A JSON value as a YAML node: strings as quoted scalars, so that the readers above see what
    /// they would in the text.
    private static func node(_ json: JSONNode) -> Node {
        switch json.value {
        case .object(let members): Node(members.map { (Node($0.key), node($0.value)) })
        case .array(let items): Node(items.map(node))
        case .string(let text): Node(text, Tag(.str), .doubleQuoted)
        case .number(let text): Node(text, Tag(.float))
        case .bool(let flag): Node(flag ? "true" : "false", Tag(.bool))
        case .null: Node("null", Tag(.null))
        }
    }
}
