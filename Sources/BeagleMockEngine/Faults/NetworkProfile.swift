import BeagleMockHTTP

/// A named network: latency, bandwidth and faults together (Docs/LatencyAndFaults.md, "Network
/// profiles"), for `--profile`, `profile:` in the config and its route rules, and `"profile"` in
/// `PUT /__admin/settings`. In the layer that names it, a profile fills latency, bandwidth and
/// faults that the same layer does not set itself.
///
/// The mobile figures are Loadero's network conditions table (3G, Edge, 4G): a latency drawn
/// uniformly within the jitter of the mean, and the downlink rate (the body the app downloads).
/// Packet loss slows TCP down rather than failing requests, so those profiles inject no faults;
/// `lossy-wifi` is the mock's own: Wi-Fi speed, a long latency tail, and the resets and hangs a
/// flaky access point gives.
package enum NetworkProfile: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// 3G: 1,200 kbit/s, 250 ms ± 50 ms.
    case threeG = "3g"
    /// EDGE: 200 kbit/s, 650 ms ± 100 ms.
    case edge
    /// LTE (4G): 100 Mbit/s, 45 ms ± 5 ms.
    case lte
    /// A Wi-Fi network that drops: 20 Mbit/s, a log-normal latency (median 40 ms, up to 3 s), 3 %
    /// of requests reset and 1 % hanging.
    case lossyWifi = "lossy-wifi"
    /// No network: every request is reset.
    case offline

    /// The profile's name, as written.
    package var description: String { rawValue }

    /// Parses a profile name, written exactly as listed (`3g`, not `3G`).
    package init(spec text: String) throws(SpecError) {
        guard let profile = NetworkProfile(rawValue: text) else {
            let names = Self.allCases.map(\.rawValue)
            let near = closestName(to: text.trimmingSpecWhitespace().lowercased(), among: names)
            let hint = near.map { "did you mean \($0)? " } ?? ""
            throw SpecError(
                "unknown network profile \(SpecError.quote(text)); \(hint)profiles are \(names.joined(separator: ", "))")
        }
        self = profile
    }

    /// The rules of a constant list (checked by the profile tests).
    static func rules(_ spec: String) -> FaultRules {
        (try? FaultRules(spec: spec)) ?? .empty
    }
}
