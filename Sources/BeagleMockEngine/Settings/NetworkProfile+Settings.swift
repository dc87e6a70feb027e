import BeagleMockHTTP

extension NetworkProfile {
    /// What the profile sets.
    package var settings: SettingsLayer {
        switch self {
        case .threeG:
            SettingsLayer(
                latency: .uniform(lower: .milliseconds(200), upper: .milliseconds(300)),
                bandwidth: .bytesPerSecond(150_000), faults: .empty)
        case .edge:
            SettingsLayer(
                latency: .uniform(lower: .milliseconds(550), upper: .milliseconds(750)),
                bandwidth: .bytesPerSecond(25_000), faults: .empty)
        case .lte:
            SettingsLayer(
                latency: .uniform(lower: .milliseconds(40), upper: .milliseconds(50)),
                bandwidth: .bytesPerSecond(12_500_000), faults: .empty)
        case .lossyWifi:
            SettingsLayer(
                latency: .logNormal(median: .milliseconds(40), sigma: 0.8, max: .seconds(3)),
                bandwidth: .bytesPerSecond(2_500_000), faults: NetworkProfile.rules("reset@0.03,hang@0.01"))
        case .offline:
            SettingsLayer(latency: .fixed(.zero), bandwidth: .unlimited, faults: NetworkProfile.rules("reset"))
        }
    }
}

extension SettingsLayer {
    /// This layer with `profile` filling the latency, bandwidth and faults it does not set; a
    /// sequence set here still chooses the fault, as at any layer.
    package func filled(by profile: NetworkProfile?) -> SettingsLayer {
        profile.map { filled(from: $0.settings) } ?? self
    }

    /// This layer with `lower` filling the latency, bandwidth, dribble and faults it does not set
    /// (a profile's, a timeline stage's under one of its route rules).
    package func filled(from lower: SettingsLayer) -> SettingsLayer {
        var layer = self
        layer.latency = latency ?? lower.latency
        layer.bandwidth = bandwidth ?? lower.bandwidth
        layer.dribble = dribble ?? lower.dribble
        layer.faults = faults ?? lower.faults
        return layer
    }
}
