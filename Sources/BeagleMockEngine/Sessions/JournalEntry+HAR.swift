import BeagleMockHTTP
import Foundation
import HTTPTypes
import NIOCore

extension HAR.Entry {
    /// A journal entry as HAR writes an exchange (Docs/Sessions.md, "HAR out of the journal").
    ///
    /// The URL is rebuilt from the `Host` the client sent (else `localhost`) and whether it came
    /// over TLS. A request that got no status line (a reset, a hang, one still in flight) has
    /// status 0, as browsers write a failed request, and says why in its `comment`. The timings
    /// split the exchange at the moment the response's head was due: `wait` (of which
    /// `_injectedLatency` is the latency beagle-mock added) and `receive`; a body cut by the
    /// journal's limit has `_cut` and keeps its whole `size`.
    init(_ entry: JournalEntry) {
        let host = entry.sentHeaders.first("host") ?? "localhost"
        let path = entry.path.addingPercentEncoding(withAllowedCharacters: Self.pathCharacters) ?? entry.path
        let url = (entry.tls ? "https://" : "http://") + host + path + (entry.query.isEmpty ? "" : "?" + entry.query)
        let request = HAR.Request(
            method: entry.method.rawValue, url: url,
            headers: entry.sentHeaders.fields.map { HAR.NameValue(name: $0.name, value: $0.value) },
            queryString: QueryParameters(Substring(entry.query)).pairs.map { HAR.NameValue(name: $0.name, value: $0.value) },
            postData: entry.body.size == 0
                ? nil
                : HAR.PostData(
                    mimeType: entry.sentHeaders.first("content-type") ?? "", text: entry.body.text.value,
                    encoding: entry.body.text.encoding == .base64 ? "base64" : nil,
                    cut: entry.body.isTruncated ? true : nil),
            bodySize: entry.body.size)
        // To the microsecond, so that the sum of the timings is the time written.
        let duration = Self.microseconds(entry.durationMs ?? 0)
        let wait = min(Self.microseconds(entry.untilHeadMs ?? duration), duration)
        self.init(
            startedDateTime: entry.time.formatted(JournalEntry.timeFormat), time: duration, request: request,
            response: Self.response(entry),
            timings: HAR.Timings(
                send: 0, wait: wait, receive: Self.microseconds(duration - wait),
                injectedLatency: Self.microseconds(entry.latencyMs)),
            mock: HAR.MockFacts(
                id: entry.id, fault: entry.fault, rule: entry.rule, stage: entry.stage, outcome: entry.outcome?.rawValue,
                proxied: entry.proxied, recorded: entry.recorded, tls: entry.tls))
    }

    private static func response(_ entry: JournalEntry) -> HAR.Response {
        guard let response = entry.response, let status = entry.status else {
            let why = entry.outcome.map { "no response: the exchange ended \($0.rawValue)" } ?? "no response yet: in flight"
            return HAR.Response(
                status: 0, statusText: "", headers: [],
                content: HAR.Content(size: 0, mimeType: "x-unknown", text: nil, encoding: nil),
                bodySize: -1, comment: why)
        }
        let text = response.body.text
        let fields = response.fields
        return HAR.Response(
            status: status, statusText: HTTPResponse.Status.standard(status).reasonPhrase,
            headers: fields.map { HAR.NameValue(name: $0.name.rawName, value: $0.value) },
            content: HAR.Content(
                size: response.body.size, mimeType: fields[.contentType] ?? "", text: text.value,
                encoding: text.encoding == .base64 ? "base64" : nil, cut: response.body.isTruncated ? true : nil,
                comment: response.body.isTruncated
                    ? "the journal keeps the first \(response.body.bytes.readableBytes) of \(response.body.size) bytes" : nil),
            bodySize: Int(entry.bytes))
    }

    private static func microseconds(_ milliseconds: Double) -> Double {
        (milliseconds * 1000).rounded() / 1000
    }

    /// What a path keeps unescaped: RFC 3986's path characters.
    private static let pathCharacters = CharacterSet.urlPathAllowed
}
