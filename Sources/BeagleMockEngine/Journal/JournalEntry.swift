import BeagleMockHTTP
import Foundation
import HTTPTypes
import NIOCore

/// One request in the journal (Docs/AdminAPI.md, "The request journal"): what the client sent, and what the mock applied
/// and sent back.
///
/// Written when the request has been read (with the fault and latency already drawn) and completed
/// when the exchange ends, so a hanging request shows while it hangs: `outcome`, `status` and
/// `durationMs` are null until then.
package struct JournalEntry: Sendable, Encodable {
    /// Increasing from 1 for the server's life; a cleared journal does not reuse ids.
    package var id = 0
    /// When the request had been read.
    var time = Date()
    package let method: HTTPRequest.Method
    /// The percent-decoded path without the query (as sent, when it cannot be decoded).
    package let path: String
    /// The raw query string without `?`, empty when there is none.
    package let query: String
    /// The header fields as sent, `Host` restored; grouped only when the entry is read.
    let sentHeaders: SentHeaders
    /// The body, cut at ``RequestJournal/bodyLimit``.
    let body: JournalBody
    /// The fault drawn (`status:503`, `reset`), nil when none was.
    package let fault: String?
    /// The latency drawn, in milliseconds.
    package let latencyMs: Double
    /// The route rule that matched (`/checkout/** [GET]`), nil when none did.
    package let rule: String?

    /// The status sent; nil while in flight and when no status line went out.
    package var status: Int?
    /// Response body bytes sent.
    var bytes: Int64 = 0
    /// From the start of the request to its end; nil while in flight.
    package var durationMs: Double?
    /// How the exchange ended; nil while in flight.
    package var outcome: Outcome?
    /// Whether the upstream answered (Docs/Proxy.md).
    var proxied = false
    /// Whether the request came over TLS (the HTTPS port).
    var tls = false
    /// The file the upstream's answer was saved as (`screens/home.ios.json`), nil when none was.
    var recorded: String?
    /// The stage of a running timeline the request met (Docs/Timelines.md), nil when none ran.
    package var stage: StageMark?
    /// The response as it went out (for the HAR), nil while in flight and when no status line went out.
    var response: JournalResponse?
    /// From the request's arrival to the moment its response's head was due, in milliseconds:
    /// the injected latency and the time to serve; nil for the mock's own answers.
    var untilHeadMs: Double?

    init(
        method: HTTPRequest.Method, path: String, query: String, headers: SentHeaders, body: JournalBody, fault: String? = nil,
        latencyMs: Double = 0, rule: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.sentHeaders = headers
        self.body = body
        self.fault = fault
        self.latencyMs = latencyMs
        self.rule = rule
    }

    /// The entry of a request as read: its decoded path, its headers, its body (cut at
    /// ``RequestJournal/bodyLimit``), and what the plan stage drew for it, if it got that far.
    init(head: HTTPRequest, path: RequestPath, headers: SentHeaders, body: ByteBuffer?, plan: RequestPlan? = nil) {
        self.init(
            method: head.method, path: path.path, query: String(path.query), headers: headers,
            body: JournalBody(body, limit: RequestJournal.bodyLimit),
            fault: plan.flatMap { $0.fault == .none ? nil : $0.fault.description },
            latencyMs: plan.map { AccessLog.millisecondsValue($0.latency) } ?? 0, rule: plan?.rule)
        stage = plan?.stage
    }

    /// Header values by lower-case name, `Host` restored.
    package var headers: [String: [String]] { sentHeaders.grouped }

    /// The platform the client declared (`beagle-platform`), as it wrote it.
    var platform: String? { sentHeaders.first("beagle-platform") }

    /// The method's name, like `GET`.
    package var methodName: String { method.rawValue }

    /// The body as text, or in base64 (``bodyEncoding``) for bytes that are not UTF-8.
    package var bodyText: (value: String, encoding: String) {
        let text = body.text
        return (text.value, text.encoding.rawValue)
    }

    private enum CodingKeys: String, CodingKey {
        case id, time, method, path, query, headers, body, bodyEncoding, bodySize, bodyTruncated
        case status, fault, latencyMs, durationMs, bytes, outcome, rule, proxied, recorded, tls, stage
    }

    /// Every key, with `null` for what is not known (yet): a client reads one shape.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(time.formatted(Self.timeFormat), forKey: .time)
        try container.encode(method.rawValue, forKey: .method)
        try container.encode(path, forKey: .path)
        try container.encode(query, forKey: .query)
        try container.encode(headers, forKey: .headers)
        let text = body.text
        try container.encode(text.value, forKey: .body)
        try container.encode(text.encoding, forKey: .bodyEncoding)
        try container.encode(body.size, forKey: .bodySize)
        try container.encode(body.isTruncated, forKey: .bodyTruncated)
        try container.encode(status, forKey: .status)
        try container.encode(fault, forKey: .fault)
        try container.encode(latencyMs, forKey: .latencyMs)
        try container.encode(durationMs, forKey: .durationMs)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(rule, forKey: .rule)
        try container.encode(proxied, forKey: .proxied)
        try container.encode(recorded, forKey: .recorded)
        try container.encode(tls, forKey: .tls)
        try container.encode(stage, forKey: .stage)
    }

    /// `2025-11-22T06:19:00.123Z`: UTC, to the millisecond.
    static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)
}

extension ReadRequest {
    /// The journal entry for this request, with what the plan stage drew for it.
    func journalEntry(_ plan: RequestPlan) -> JournalEntry {
        JournalEntry(head: head, path: path, headers: headers, body: body, plan: plan)
    }
}
