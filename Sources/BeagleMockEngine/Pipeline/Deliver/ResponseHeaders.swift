import BeagleMockHTTP
import HTTPTypes

/// The headers every response carries, whatever produced it: CORS (Docs/AdminAPI.md, "CORS"),
/// echoed request headers (`X-Echo-…`), `Date`, `Connection: close` when the connection is to
/// end after it, `Content-Length` where the body's length is known, and the sandbox of a page
/// (``PageSandbox``) that is not the mock's own.
struct ResponseHeaders: Sendable {
    private let dates = DateHeader()
    private static let connectionClose = HTTPField(name: .connection, value: "close")

    /// Adds them to `response`, answering `request` (sent with `headers`) under `settings`.
    /// `closing` says the connection ends after this response; `grantsCORS` false leaves CORS out
    /// (the admin API's answers); `isOwnPage` leaves the sandbox out (the dashboard, whose own
    /// policy is stricter).
    func add(
        to response: inout OutgoingResponse, request: HTTPRequest, headers: SentHeaders, settings: SettingsSnapshot,
        closing: Bool, grantsCORS: Bool = true, isOwnPage: Bool = false
    ) {
        if !isOwnPage { PageSandbox.apply(to: &response) }
        // A preflight answer carries its own CORS grant.
        if grantsCORS, !(settings.cors && CORSPolicy.isPreflight(request)) {
            CORSPolicy(enabled: settings.cors).decorate(&response.head.headerFields)
        }
        response.head.headerFields.append(contentsOf: HeaderEcho(setting: settings.echo).fields(for: headers))
        response.head.headerFields.set(dates.current())
        if closing || request.headerFields.saysClose {
            response.head.headerFields.set(Self.connectionClose)
        }
        // Here, where the fields have one owner: added to the copy that is written, it copied them.
        response.frame()
    }
}
