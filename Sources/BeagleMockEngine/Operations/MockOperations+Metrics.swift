extension MockOperations {
    /// `GET /__admin/metrics`: the server's metrics in Prometheus's text format (Docs/AdminAPI.md,
    /// "Metrics"). `devices` counts Live Preview's connected clients by platform, each platform
    /// listed (with 0 when none is connected); nil when Live Preview is off.
    package func metricsText(devices: [(platform: String, count: Int)]?) -> [UInt8] {
        let stages = timelines().running.compactMap { run -> ServerMetrics.Reading? in
            guard let stage = run.stage, run.stages.indices.contains(stage) else { return nil }
            let labels = [("timeline", run.timeline), ("clock", run.client ?? "server"), ("stage", run.stages[stage].name)]
            return ServerMetrics.Reading(labels: labels, value: stage)
        }
        let devices = devices?.map { ServerMetrics.Reading(labels: [("platform", $0.platform)], value: $0.count) }
        return metrics.exposition(devices: devices, stages: stages)
    }
}
