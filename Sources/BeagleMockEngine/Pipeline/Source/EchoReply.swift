import BeagleMockHTTP
import HTTPTypes
import NIOCore

/// The answer of `/__echo` and every path below it, to any method (Docs/AdminAPI.md, "/__echo"): the request as
/// the server received it, so that a client under test can see what it sent.
///
/// ```json
/// {"method": "POST", "path": "/__echo/form", "query": "a=1", "headers": {"host": ["127.0.0.1:8080"]},
///  "body": "{\"name\":\"Ada\"}", "bodyEncoding": "utf8"}
/// ```
/// `path` is percent-decoded, `query` is the raw query string without `?` (empty when none),
/// `headers` groups values by lower-case name with `Host` restored, and `body` is the whole body
/// (up to the request body limit): text when it is UTF-8, base64 otherwise (`bodyEncoding`).
struct EchoReply: Encodable, Sendable {
    let method: String
    let path: String
    let query: String
    let headers: [String: [String]]
    let body: String
    let bodyEncoding: JournalBody.Encoding

    init(request: ReadRequest, body: JournalBody) {
        method = request.method.rawValue
        path = request.path.path
        query = String(request.path.query)
        headers = request.headers.grouped
        let text = body.text
        self.body = text.value
        bodyEncoding = text.encoding
    }

    /// A 200 JSON response that no cache keeps.
    var response: OutgoingResponse {
        .json(.ok, ErrorBody.encode(self), headers: [.cacheControl: "no-store"])
    }
}
