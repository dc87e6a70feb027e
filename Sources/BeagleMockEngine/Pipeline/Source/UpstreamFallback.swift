import BeagleMockHTTP

/// The upstream one request goes to (Docs/Proxy.md): when the folders do not answer it (404, or 405
/// for a method the route has no file for), or always on a route whose rule says `proxy: true`.
/// There is none without an upstream, or on a route whose rule says `proxy: false`.
struct UpstreamFallback: Sendable {
    let client: UpstreamClient
    let upstream: UpstreamSettings
    let record: RecordPolicy?

    /// The upstream for a request `plan` was drawn for, under `settings`; nil when none.
    init?(client: UpstreamClient?, plan: RequestPlan, settings: SettingsSnapshot) {
        guard plan.proxy != false, let client, let upstream = settings.upstream else { return nil }
        self.client = client
        self.upstream = upstream
        self.record = settings.record.map { RecordPolicy(mode: $0, maxSize: settings.recordMaxSize) }
    }

    /// The upstream's answer to `request`.
    func answer(_ request: ReadRequest) async -> OutgoingResponse {
        await client.answer(request, upstream: upstream, record: record)
    }
}
