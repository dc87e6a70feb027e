import BeagleMockEngine
import BeagleMockHTTP
import Foundation
import MCP

/// The tools of the MCP server, with what each does and the JSON Schema of its arguments
/// (Docs/Agents.md).
enum AgentTool: String, CaseIterable, Sendable {
    case listRoutes = "list_routes"
    case getScreen = "get_screen"
    case outlineScreen = "outline_screen"
    case validate
    case writeScreen = "write_screen"
    case setNetwork = "set_network"
    case clearNetwork = "clear_network"
    case readJournal = "read_journal"
    case exportHar = "export_har"
    case waitForRequest = "wait_for_request"
    case reset
    case showOnDevices = "show_on_devices"
    case startTimeline = "start_timeline"
    case stopTimeline = "stop_timeline"
    case getTimelines = "get_timelines"

    /// The settings `set_network` sets and `clear_network` clears (the admin API's names).
    static let networkKeys = ["latency", "bandwidth", "faults", "profile", "seed"]

    /// The tool as `tools/list` shows it.
    var tool: Tool {
        Tool(
            name: rawValue, description: description, inputSchema: .object(Self.object(properties, required: required)),
            annotations: annotations)
    }

    /// The argument names the tool takes; any other is refused.
    var argumentNames: Set<String> { Set(properties.keys) }

    private var description: String {
        switch self {
        case .listRoutes:
            "Every route the mock serves: its files, methods, platform variants, path parameters and what validate says of each file."
        case .getScreen:
            "A route's screen as a platform receives it (the beaglePlatform filter applied, a template rendered with sample values), with its file, ETag and diagnostics."
        case .outlineScreen:
            "A route's screen as a few lines: each component's type, id, texts, images and navigation targets, indented by depth."
        case .validate:
            "Checks the screens folder, or one file of it, as `beagle-mock validate` does: diagnostics with file, line and column."
        case .writeScreen:
            "Writes screen JSON to a file of the screens folder, atomically, after validate finds no error in it; refused with the diagnostics otherwise. Never the config file, nothing outside the folder, at most 1 MiB."
        case .setNetwork:
            "Sets the runtime network settings the mock applies to every request: latency, bandwidth, faults, a network profile and the random seed. Omitted settings stay as they are; null clears one."
        case .clearNetwork:
            "Clears latency, bandwidth, faults, profile and seed set at run time (the command line's and config's settings apply again)."
        case .readJournal:
            "The requests the mock received, newest first, filtered by path pattern, method and status."
        case .exportHar:
            "The requests the mock received as a HAR 1.2 archive, oldest first (request and response headers and bodies, timings with the injected latency apart, and what the mock did in _mock): the newest limit entries (100) matching path pattern, method, status, platform and time range; beforeId pages back. Save it as a .har file for a bug report or as fixtures (beagle-mock import)."
        case .waitForRequest:
            "Waits until the app sends a request matching a path pattern (and a method), and returns it; an error after the timeout."
        case .reset:
            "Clears the request journal and the runtime settings."
        case .startTimeline:
            "Starts a network timeline for the whole mock (Docs/Timelines.md): one the config file names, or stages given whole (each a duration and a network: a profile, latency, bandwidth, faults). It replaces the one that runs. Use per: client for a clock per client (X-Mock-Client header), and ttl so that it ends itself."
        case .stopTimeline:
            "Stops every network timeline: the base settings apply again."
        case .getTimelines:
            "The network timelines the config file names, and those running: each clock's stage, time elapsed and time left in the stage."
        case .showOnDevices:
            "Pins a route on the apps connected to Live Preview (the server runs with --live-preview): they show it whatever is saved. Without a route, unpins: they show the screen saved last."
        }
    }

    private var properties: [String: Value] {
        let route: Value = .object([
            "type": "string", "description": "The route, as the app requests it: /home, /product/42.",
        ])
        let platform: Value = .object([
            "type": "string", "enum": ["IOS", "ANDROID", "WEB"],
            "description": "The platform the app announces in beagle-platform; omit for none.",
        ])
        switch self {
        case .listRoutes, .clearNetwork, .reset, .stopTimeline, .getTimelines:
            return [:]
        case .startTimeline:
            return [
                "name": .object(["type": "string", "description": "A timeline of the config file's timeline: key, like tunnel."]),
                "timeline": .object([
                    "type": "object",
                    "description":
                        "A timeline given whole, instead of name: {\"stages\": [{\"for\": \"8s\", \"profile\": \"offline\"}, {\"for\": \"20s\", \"profile\": \"edge\"}], \"loop\": false, \"end\": \"revert\"}.",
                ]),
                "per": .object([
                    "type": "string", "enum": ["server", "client"],
                    "description": "One clock for the server, or one per client; the timeline's own when omitted.",
                ]),
                "ttl": .object(["type": "string", "description": "A time to live like 10m; the timeline's own when omitted."]),
            ]
        case .showOnDevices:
            return [
                "route": .object([
                    "type": ["string", "null"],
                    "description": "The route to show, a concrete path: /home, /product/42; omit or null to unpin.",
                ])
            ]
        case .getScreen, .outlineScreen:
            return ["route": route, "platform": platform]
        case .validate:
            return [
                "file": .object([
                    "type": "string",
                    "description": "A file below the screens folder (catalog/index.json); omit to check the whole folder.",
                ])
            ]
        case .writeScreen:
            return [
                "path": .object([
                    "type": "string", "description": "The file below the screens folder, ending in .json: catalog/new.json.",
                ]),
                "json": .object([
                    "description": "The screen: a JSON object or array, or its text.",
                    "type": ["object", "array", "string"],
                ]),
            ]
        case .setNetwork:
            return [
                "latency": Self.setting("A latency spec: 200ms, 100ms..400ms, normal(120ms, 0.4)."),
                "bandwidth": Self.setting("A bandwidth: 512kbps, 2mbps."),
                "faults": .object([
                    "description":
                        "Faults with rates: [\"status:503@0.2\", {\"fault\": \"reset\", \"rate\": 0.05}]; null clears them.",
                    "type": ["array", "null"],
                ]),
                "profile": Self.setting("A network profile: 3g, edge, lte, lossy-wifi, offline."),
                "seed": .object([
                    "description": "The seed of the random draws (latency ranges, fault rates); null clears it.",
                    "type": ["integer", "null"],
                ]),
            ]
        case .readJournal:
            return [
                "path": .object(["type": "string", "description": "A route pattern: /checkout/**, /home."]),
                "method": .object(["type": "string", "description": "GET, POST…"]),
                "status": .object(["type": "integer", "description": "The status answered."]),
                "limit": .object(["type": "integer", "minimum": 1, "description": "At most this many, newest first (20)."]),
            ]
        case .exportHar:
            return [
                "path": .object(["type": "string", "description": "A route pattern: /checkout/**, /home."]),
                "method": .object(["type": "string", "description": "GET, POST…"]),
                "status": .object(["type": "integer", "description": "The status answered."]),
                "platform": .object([
                    "type": "string", "description": "The platform the app announced in beagle-platform: IOS, ANDROID, WEB.",
                ]),
                "from": .object(["type": "string", "description": "The earliest time, ISO 8601: 2026-11-29T10:00:00Z."]),
                "to": .object(["type": "string", "description": "Entries before this time, ISO 8601."]),
                "limit": .object(["type": "integer", "minimum": 1, "description": "At most this many, the newest (100)."]),
                "beforeId": .object([
                    "type": "integer", "description": "Only entries with a smaller journal id: the next page back.",
                ]),
            ]
        case .waitForRequest:
            return [
                "path": .object(["type": "string", "description": "A route pattern: /cart, /checkout/**."]),
                "method": .object(["type": "string", "description": "GET, POST…; omit for any."]),
                "timeoutSeconds": .object([
                    "type": "number", "exclusiveMinimum": 0, "maximum": .double(AgentTools.longestWait),
                    "description": "How long to wait (10).",
                ]),
                "afterId": .object([
                    "type": "integer",
                    "description": "A journal id: a request after it already in the journal counts; omit to wait for a new one.",
                ]),
            ]
        }
    }

    private var required: [String] {
        switch self {
        case .getScreen, .outlineScreen: ["route"]
        case .writeScreen: ["path", "json"]
        case .waitForRequest: ["path"]
        default: []
        }
    }

    private var annotations: Tool.Annotations {
        switch self {
        case .listRoutes, .getScreen, .outlineScreen, .validate, .readJournal, .exportHar, .waitForRequest, .getTimelines:
            Tool.Annotations(readOnlyHint: true, openWorldHint: false)
        case .writeScreen:
            Tool.Annotations(destructiveHint: true, idempotentHint: true, openWorldHint: false)
        case .setNetwork, .clearNetwork, .reset, .showOnDevices, .startTimeline, .stopTimeline:
            Tool.Annotations(destructiveHint: false, idempotentHint: true, openWorldHint: false)
        }
    }

    private static func setting(_ description: String) -> Value {
        .object(["type": ["string", "null"], "description": .string(description + " null clears it.")])
    }

    private static func object(_ properties: [String: Value], required: [String]) -> [String: Value] {
        var schema: [String: Value] = [
            "type": "object", "properties": .object(properties), "additionalProperties": false,
        ]
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        return schema
    }
}

/// A tool's arguments, checked against what it takes.
struct ToolArguments: Sendable {
    let values: [String: Value]

    init(_ values: [String: Value], allowed: Set<String>) throws(ToolRefusal) {
        if let unknown = values.keys.sorted().first(where: { !allowed.contains($0) }) {
            let known = allowed.sorted().joined(separator: ", ")
            throw ToolRefusal("unknown argument '\(unknown.prefix(80))'; this tool takes \(known.isEmpty ? "none" : known)")
        }
        self.values = values
    }

    func string(_ name: String) throws(ToolRefusal) -> String? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw ToolRefusal("\(name) must be a string") }
        return text
    }

    func requiredString(_ name: String) throws(ToolRefusal) -> String {
        guard let text = try string(name) else { throw ToolRefusal("\(name) is required") }
        return text
    }

    func integer(_ name: String) throws(ToolRefusal) -> Int? {
        guard let value = values[name], !value.isNull else { return nil }
        if let whole = value.intValue { return whole }
        if let number = value.doubleValue, number.rounded() == number, abs(number) < 1e15 { return Int(number) }
        throw ToolRefusal("\(name) must be a whole number")
    }

    func number(_ name: String) throws(ToolRefusal) -> Double? {
        guard let value = values[name], !value.isNull else { return nil }
        if let number = value.doubleValue { return number }
        if let whole = value.intValue { return Double(whole) }
        throw ToolRefusal("\(name) must be a number")
    }

    /// A JSON argument as text: given as text, or as JSON (then written compactly).
    func requiredJSONText(_ name: String) throws(ToolRefusal) -> String {
        guard let value = values[name], !value.isNull else { throw ToolRefusal("\(name) is required") }
        if let text = value.stringValue { return text }
        guard value.objectValue != nil || value.arrayValue != nil, let data = try? JSONEncoder().encode(value) else {
            throw ToolRefusal("\(name) must be a JSON object or array, or its text")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Why a tool refused its call: the tool's error result, with the admin API's JSON when it said why.
struct ToolRefusal: Error, Sendable {
    let message: String
    var detail: Value?

    init(_ message: String, detail: Value? = nil) {
        self.message = message
        self.detail = detail
    }
}
