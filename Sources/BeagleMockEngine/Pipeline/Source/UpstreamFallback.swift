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
        self.record = settings.record.map {
            RecordPolicy(mode: $0, maxSize: settings.recordMaxSize, keepsLatency: settings.recordLatency)
        }
    }

    /// The upstream's answer to `request`; `miss` when the folders have no answer for it (rather
    /// than a rule sending it upstream), which `--record misses` alone records.
    func answer(_ request: ReadRequest, miss: Bool) async -> OutgoingResponse {
        let record = miss || self.record?.mode != .misses ? self.record : nil
        return await client.answer(request, upstream: upstream, record: record)
    }
}
