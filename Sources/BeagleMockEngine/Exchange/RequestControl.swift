import BeagleMockHTTP
import HTTPTypes

/// Per-request control, the highest layer (Docs/LatencyAndFaults.md, "Per request"): headers `X-Mock-Latency`,
/// `X-Mock-Fault`, `X-Mock-Bandwidth`, `X-Mock-Dribble`, or query parameters `__latency`, `__fault`,
/// `__bandwidth`, `__dribble`.
///
/// Values use the string grammar of flags (`250ms`, `100ms..400ms`, `lognormal:120ms,0.4`,
/// `64KiB/s`, `10x2s`). The fault value is a comma-separated list of `SPEC[@RATE]` rules
/// (`reset@0.5,status:500@0.1`; `none` for no fault); a header repeated is read as one list
/// (HTTP's rule for repeated fields). Other controls must be given once. When both a header and its
/// query parameter are present, the header wins. Query values are expected percent-decoded.
///
/// Timelines (Docs/Timelines.md) read two more: `X-Mock-Client` (`__client`), which client the
/// request is, for clocks kept per client; and `X-Mock-Timeline` (`__timeline`), a timeline of the
/// config file to run for that client alone.
package struct RequestControl: Sendable, Hashable {
    /// What the request asks for: only latency, bandwidth, dribble and faults are ever set.
    package let layer: SettingsLayer
    /// `X-Mock-Client` and `X-Mock-Timeline`, when either is sent: one reference, so that a
    /// request that sends neither (most) carries no strings for them through every stage.
    private var timelines: TimelineHeaders?

    /// `X-Mock-Client`: the client's own name for itself.
    package var client: String? { timelines?.client }
    /// `X-Mock-Timeline`: the name of the timeline to run for this client.
    package var timeline: String? { timelines?.timeline }

    /// The two timeline headers.
    private final class TimelineHeaders: Sendable, Hashable {
        let client: String?
        let timeline: String?

        init(client: String?, timeline: String?) {
            self.client = client
            self.timeline = timeline
        }

        static func == (left: TimelineHeaders, right: TimelineHeaders) -> Bool {
            left.client == right.client && left.timeline == right.timeline
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(client)
            hasher.combine(timeline)
        }
    }

    /// The longest `X-Mock-Client` value.
    static let clientLimit = 200

    /// No per-request control.
    package static let none = RequestControl(layer: .empty)

    /// Creates control from a layer (for tests and in-process callers); `response` and `sequence` are ignored.
    package init(layer: SettingsLayer) {
        self.layer = SettingsLayer(
            latency: layer.latency, bandwidth: layer.bandwidth, dribble: layer.dribble, faults: layer.faults)
    }

    /// True when the request sets nothing: read field by field (the four it can set), as every
    /// request asks.
    package var isEmpty: Bool {
        layer.latency == nil && layer.bandwidth == nil && layer.dribble == nil && layer.faults == nil
    }

    /// Parses control from lookups that give every value of a header (case-insensitive name) and of
    /// a query parameter; the shape fits Hummingbird's `HTTPFields` and query parameters.
    package static func parse(
        headerValues: (String) -> [String],
        queryValues: (String) -> [String]
    ) throws(RequestControlError) -> RequestControl {
        var layer = SettingsLayer()
        layer.latency = try value(header: "X-Mock-Latency", query: "__latency", headerValues, queryValues) {
            text throws(SpecError) in
            try LatencySpec(spec: text)
        }
        layer.bandwidth = try value(header: "X-Mock-Bandwidth", query: "__bandwidth", headerValues, queryValues) {
            text throws(SpecError) in
            try Bandwidth(spec: text)
        }
        layer.dribble = try value(header: "X-Mock-Dribble", query: "__dribble", headerValues, queryValues) {
            text throws(SpecError) in
            try Dribble(spec: text)
        }
        layer.faults = try value(header: "X-Mock-Fault", query: "__fault", headerValues, queryValues, joinRepeats: true) {
            text throws(SpecError) in
            try FaultRules(spec: text)
        }
        var control = RequestControl(layer: layer)
        let client = try value(header: "X-Mock-Client", query: "__client", headerValues, queryValues) {
            text throws(SpecError) in
            guard !text.isEmpty, text.utf8.count <= clientLimit, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw SpecError(
                    "a client's name is 1 to \(clientLimit) visible ASCII characters without spaces, like test-42")
            }
            return text
        }
        let timeline = try value(header: "X-Mock-Timeline", query: "__timeline", headerValues, queryValues) {
            text throws(SpecError) in
            try TimelineName.check(text)
            return text
        }
        if client != nil || timeline != nil { control.timelines = TimelineHeaders(client: client, timeline: timeline) }
        return control
    }

    /// Parses control from header and query pairs (header names compared case-insensitively).
    package static func parse(
        headers: [(name: String, value: String)],
        query: [(name: String, value: String)] = []
    ) throws(RequestControlError) -> RequestControl {
        try parse(
            headerValues: { name in headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value) },
            queryValues: { name in query.filter { $0.name == name }.map(\.value) }
        )
    }

    private static func value<T>(
        header: String,
        query: String,
        _ headerValues: (String) -> [String],
        _ queryValues: (String) -> [String],
        joinRepeats: Bool = false,
        _ parse: (String) throws(SpecError) -> T
    ) throws(RequestControlError) -> T? {
        var values = headerValues(header)
        var source = RequestControlError.Source.header(header)
        if values.isEmpty {
            values = queryValues(query)
            source = .queryParameter(query)
        }
        guard let first = values.first else { return nil }
        let text: String
        if values.count == 1 {
            text = first
        } else if joinRepeats {
            text = values.joined(separator: ",")
        } else {
            throw RequestControlError(
                source: source, value: values.joined(separator: ", "), reason: "given \(values.count) times; give it once")
        }
        do {
            return try parse(text)
        } catch {
            throw RequestControlError(source: source, value: text, reason: error.message)
        }
    }
}

/// An invalid control header or query parameter: the server answers 400 with ``jsonBody``.
package struct RequestControlError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the bad value came from.
    package enum Source: Sendable, Hashable, CustomStringConvertible {
        /// A request header, by name.
        case header(String)
        /// A query parameter, by name.
        case queryParameter(String)

        /// `header X-Mock-Latency` or `query parameter __latency`.
        package var description: String {
            switch self {
            case .header(let name): return "header \(name)"
            case .queryParameter(let name): return "query parameter \(name)"
            }
        }

        /// The header's or parameter's name.
        package var name: String {
            switch self {
            case .header(let name), .queryParameter(let name): return name
            }
        }
    }

    /// The header or query parameter.
    package let source: Source
    /// The value as received.
    package let value: String
    /// Why it was refused and how to write it.
    package let reason: String

    /// `invalid header X-Mock-Latency: negative duration "-5ms"; …`
    package var description: String {
        "invalid \(source): \(reason)"
    }

    /// The 400 answer, with ``jsonBody``.
    package var response: OutgoingResponse {
        .json(.badRequest, ErrorBody.encode(jsonBody))
    }

    /// The 400 response body: `{"error": …, "header"|"queryParameter": name, "value": …}`, JSON-encoded.
    package var jsonBody: [String: String] {
        var body = ["error": description, "value": String(value.prefix(200))]
        switch source {
        case .header(let name): body["header"] = name
        case .queryParameter(let name): body["queryParameter"] = name
        }
        return body
    }
}
