import BeagleMockHTTP
import CoreMetrics
import Prometheus
import Synchronization

/// A server's metrics, in Prometheus's text format for `GET /__admin/metrics` (Docs/AdminAPI.md,
/// "Metrics"): swift-metrics' counters and gauges, kept by swift-prometheus in a registry of this
/// server's own (two servers in one process count apart), and the request histograms beside them.
///
/// Requests are counted as they end (``RequestMetrics``), their counts added to the counters when
/// the metrics are asked for; reloads are counted as they are tried. What is a state rather than
/// an event (the connections open, the devices on Live Preview, the stage of each running
/// timeline) is read when the metrics are asked for.
package final class ServerMetrics: Sendable {
    /// A value read at the scrape, and the labels it is read for.
    package struct Reading: Sendable {
        package let labels: [(String, String)]
        package let value: Int

        package init(labels: [(String, String)], value: Int) {
            self.labels = labels
            self.value = value
        }
    }

    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    package let requests: RequestMetrics
    /// The connections the server's ports hold open.
    package let openConnections: OpenConnections
    private let reloads: CoreMetrics.Counter
    private let failedReloads: CoreMetrics.Counter
    /// The gauges read at the scrape, by name and labels, so that one whose labels are gone (a
    /// timeline stopped) is dropped from the registry.
    private let readings = Mutex<[String: CoreMetrics.Gauge]>([:])

    package init(openConnections: OpenConnections = OpenConnections()) {
        let factory = PrometheusMetricsFactory(registry: registry)
        self.factory = factory
        self.openConnections = openConnections
        requests = RequestMetrics(factory: factory)
        reloads = CoreMetrics.Counter(label: "beagle_mock_config_reloads_total", factory: factory)
        failedReloads = CoreMetrics.Counter(label: "beagle_mock_config_reload_failures_total", factory: factory)
    }

    /// A reload of the config file was tried: it took effect, or the file was refused (the config
    /// in force stays).
    package func noteReload(failed: Bool) {
        (failed ? failedReloads : reloads).increment()
    }

    /// The metrics now, in Prometheus's text format (version 0.0.4), with `devices` (Live
    /// Preview's clients by platform; nil without Live Preview) and `stages` (each running
    /// timeline clock's stage) read now.
    package func exposition(devices: [Reading]?, stages: [Reading]) -> [UInt8] {
        var current: [(name: String, reading: Reading)] = [
            ("beagle_mock_open_connections", Reading(labels: [], value: openConnections.current))
        ]
        current += (devices ?? []).map { ("beagle_mock_live_preview_devices", $0) }
        current += stages.map { ("beagle_mock_timeline_stage", $0) }
        // One scrape at a time: each adds to the request counters what the last one did not.
        let text = readings.withLock { gauges in
            let routes = requests.sync()
            var kept: [String: CoreMetrics.Gauge] = [:]
            for (name, reading) in current {
                let key = name + reading.labels.map { "\u{0}\($0.0)=\($0.1)" }.joined()
                let gauge =
                    gauges.removeValue(forKey: key)
                    ?? CoreMetrics.Gauge(label: name, dimensions: reading.labels, factory: factory)
                gauge.record(reading.value)
                kept[key] = gauge
            }
            for gone in gauges.values { gone.destroy() }
            gauges = kept
            var text = ""
            if !routes.isEmpty {
                // The injected latency is recorded only when there is one: each request served
                // without one is a zero.
                text += "# TYPE beagle_mock_injected_latency_seconds histogram\n"
                for route in routes {
                    route.injected.write(
                        name: "beagle_mock_injected_latency_seconds", labels: "route=\(Self.quoted(route.label))",
                        observations: route.served.observations, into: &text)
                }
                text += "# TYPE beagle_mock_request_duration_seconds histogram\n"
                for route in routes {
                    route.served.write(
                        name: "beagle_mock_request_duration_seconds", labels: "route=\(Self.quoted(route.label))", into: &text)
                }
            }
            return text
        }
        return Self.sortedByFamily(registry.emitToBuffer() + Array(text.utf8))
    }

    /// `value` as a label's value is written: in quotes, with `\`, `"` and line feeds escaped.
    static func quoted(_ value: String) -> String {
        var quoted = "\""
        for character in value.unicodeScalars {
            switch character {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            default: quoted.unicodeScalars.append(character)
            }
        }
        return quoted + "\""
    }

    /// `exposition` with its families in the order of their names (the registry keeps them in a
    /// dictionary), so that two scrapes of the same state read the same.
    static func sortedByFamily(_ exposition: [UInt8]) -> [UInt8] {
        let lines = exposition.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        var families: [(name: ArraySlice<UInt8>, lines: [ArraySlice<UInt8>])] = []
        let type = Array("# TYPE ".utf8)
        for line in lines {
            if line.starts(with: type) || families.isEmpty {
                let name = line.dropFirst(type.count).prefix { $0 != UInt8(ascii: " ") }
                families.append((name, []))
            }
            families[families.count - 1].lines.append(line)
        }
        var sorted: [UInt8] = []
        sorted.reserveCapacity(exposition.count)
        for family in families.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) }) {
            for line in family.lines {
                sorted += line
                sorted.append(UInt8(ascii: "\n"))
            }
        }
        return sorted
    }
}
