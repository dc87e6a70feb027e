import BeagleMockHTTP
import HTTPTypes

/// Cross-origin access (on by default, `--no-cors` off): every response may be read from any
/// origin, and preflight requests are answered for every route, admin and echo included.
struct CORSPolicy: Sendable {
    /// Whether CORS headers are sent at all.
    var enabled: Bool

    /// Whether `request` is a CORS preflight (an OPTIONS request asking permission).
    static func isPreflight(_ request: HTTPRequest) -> Bool {
        request.method == .options && request.headerFields[.origin] != nil
            && request.headerFields[.accessControlRequestMethod] != nil
    }

    /// The answer to a preflight: any origin, the method asked for, the headers asked for.
    static func preflightResponse(for request: HTTPRequest) -> OutgoingResponse {
        var headers = HTTPFields()
        headers[.accessControlAllowOrigin] = request.headerFields[.origin] ?? "*"
        headers[.accessControlAllowMethods] = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"
        if let asked = request.headerFields[.accessControlRequestHeaders] {
            headers[.accessControlAllowHeaders] = asked
        }
        headers[.accessControlMaxAge] = "600"
        headers[.vary] = "Origin"
        return OutgoingResponse(status: .noContent, headers: headers)
    }

    /// Adds the headers that let a page on any origin read the response.
    func decorate(_ headers: inout HTTPFields) {
        guard enabled else { return }
        headers.set(Self.anyOrigin)
        headers.set(Self.everyHeaderExposed)
    }

    private static let anyOrigin = HTTPField(name: .accessControlAllowOrigin, value: "*")
    private static let everyHeaderExposed = HTTPField(name: .accessControlExposeHeaders, value: "*")
}
