import BeagleMock
import Foundation

/// One request in the server's journal, with the fields of an entry of `GET /__admin/requests`
/// (Docs/AdminAPI.md, "The request journal").
public struct MockJournalEntry: Sendable, Hashable, Decodable {
    /// Increasing from 1 for the server's life; a cleared journal does not reuse ids.
    public let id: Int
    /// The request's method, like `GET`.
    public let method: String
    /// The percent-decoded path, without the query.
    public let path: String
    /// The raw query string without `?`, empty when there is none.
    public let query: String
    /// The header values by lower-case name, `host` included.
    public let headers: [String: [String]]
    /// The body as text (base64 when `bodyEncoding` is `base64`), cut at 64 KiB; empty without one.
    public let body: String
    /// `utf8`, or `base64` for bytes that are not UTF-8.
    public let bodyEncoding: String
    /// The status sent; nil while in flight and when no status line went out.
    public let status: Int?
    /// The fault drawn, like `status:503` or `reset`; nil when none was.
    public let fault: String?
    /// The latency drawn, in milliseconds.
    public let latencyMs: Double
    /// From the start of the request to its end, in milliseconds; nil while in flight.
    public let durationMs: Double?
    /// How the exchange ended (`ok`, `reset`, `closed`, `client-gone`…); nil while in flight.
    public let outcome: String?
    /// The route rule that matched, like `/checkout/** [GET]`; nil when none did.
    public let rule: String?
    /// The stage of a running network timeline the request met, like `deploy` stage 0; nil when
    /// none ran (Docs/Timelines.md).
    public let stage: Stage?

    /// A stage of a network timeline.
    public struct Stage: Sendable, Hashable, Decodable {
        /// The timeline's name.
        public let timeline: String
        /// The stage's place in the timeline, from 0.
        public let index: Int
        /// The stage's label: its `name:`, else its profile, else `stage N`.
        public let name: String
    }

    /// The entry the server's journal holds, field by field.
    init(_ entry: JournalEntry) {
        id = entry.id
        method = entry.methodName
        path = entry.path
        query = entry.query
        headers = entry.headers
        (body, bodyEncoding) = entry.bodyText
        status = entry.status
        fault = entry.fault
        latencyMs = entry.latencyMs
        durationMs = entry.durationMs
        outcome = entry.outcome?.rawValue
        rule = entry.rule
        stage = entry.stage.map { Stage(timeline: $0.timeline, index: $0.index, name: $0.name) }
    }
}
