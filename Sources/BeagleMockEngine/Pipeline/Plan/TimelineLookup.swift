import BeagleMockHTTP

/// The timeline step of the plan stage (Docs/Timelines.md): which stage of a running timeline a
/// request meets, by its client: its `X-Mock-Client`, else its address. A request that names a
/// timeline in `X-Mock-Timeline` starts it for its client; a name the config file does not have
/// is refused. When no timeline runs and none is named, a request costs one atomic load here.
struct TimelineLookup: Sendable {
    let runs: TimelineRuns

    /// The client of a request that names none and has no address (an in-process caller).
    static let unknownClient = "unknown"

    /// The stage `request` meets on `connection`, nil when no timeline runs for its client.
    func stage(
        for request: ReadRequest, settings: SettingsSnapshot, connection: ClientConnection?
    ) throws(RequestControlError) -> MetStage? {
        let named = request.control.timeline
        guard runs.isRunning || named != nil else { return nil }
        var own: Timeline?
        if let named {
            guard let timeline = settings.configuration.timeline(named: named) else {
                throw RequestControlError(
                    source: .header("X-Mock-Timeline"), value: named,
                    reason: settings.configuration.unknownTimeline(named))
            }
            own = timeline
        }
        let client = request.control.client ?? request.client ?? Self.unknownClient
        return runs.stage(for: client, header: own, connection: connection)
    }
}
