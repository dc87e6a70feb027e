import BeagleMockHTTP
import BeagleScreens
import NIOCore
import Synchronization

/// What a route rule's `when:` may look at: the query, the headers and the body, as the read stage
/// left them (Docs/Configuration.md, "Request matching").
package struct RequestFacts: Sendable {
    /// The decoded query parameters.
    let query: QueryParameters
    /// The headers as sent.
    let headers: SentHeaders
    /// The body, when there was one.
    let body: ByteBuffer?

    /// A request with no query, headers or body (plans made in tests).
    package static let none = RequestFacts(query: QueryParameters(""), headers: SentHeaders(fields: []), body: nil)

    /// Facts from their parts.
    init(query: QueryParameters, headers: SentHeaders, body: ByteBuffer?) {
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The facts of a request read by the read stage.
    init(_ request: ReadRequest) {
        self.init(query: QueryParameters(request.path.query), headers: request.headers, body: request.body)
    }

    /// Every value of the header `name`, compared case-insensitively, in the order sent.
    func headerValues(_ name: String) -> [String] {
        let lowered = name.lowercased()
        return headers.fields.filter { $0.name.lowercased() == lowered }.map(\.value)
    }

    /// The body as JSON, or nil when there is none or it is not JSON: parsed once, at the first
    /// rule whose `when:` looks at the body.
    func jsonBody() -> JSONValue? {
        parsedBody.value(of: body)
    }

    private let parsedBody = ParsedBody()

    /// The body's JSON once parsed, shared by every rule tried for one request.
    private final class ParsedBody: Sendable {
        private let parsed = Mutex<JSONValue??>(nil)

        func value(of body: ByteBuffer?) -> JSONValue? {
            if let known = parsed.withLock({ $0 }) { return known }
            var value: JSONValue?
            if let body, body.readableBytes > 0 {
                value = try? JSONReader().parse(Array(body.readableBytesView)).value
            }
            parsed.withLock { $0 = .some(value) }
            return value
        }
    }
}
