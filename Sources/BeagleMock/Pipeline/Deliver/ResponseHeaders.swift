import HTTPTypes

/// The headers every response carries, whatever produced it: CORS (Docs/AdminAPI.md, "CORS"),
/// echoed request headers (`X-Echo-…`), `Date`, `Connection: close` when the connection is to
/// end after it, and `Content-Length` where the body's length is known.
struct ResponseHeaders: Sendable {
    private let dates = DateHeader()
    private static let connectionClose = HTTPField(name: .connection, value: "close")

    /// Adds them to `response`, answering `request` (sent with `headers`) under `settings`.
    /// `closing` says the connection ends after this response; `grantsCORS` false leaves CORS out
    /// (the admin API's answers).
    func add(
        to response: inout OutgoingResponse, request: HTTPRequest, headers: SentHeaders, settings: SettingsSnapshot,
        closing: Bool, grantsCORS: Bool = true
    ) {
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
