import BeagleScreens
import Foundation

extension DriftReport {
    /// The report for CI (`--compare DIR --format json`): one object, pretty-printed, keys
    /// sorted. The BFF is the reference: `added` is on the BFF only, `removed` in the folder only.
    ///
    /// ```json
    /// {"base": "http://127.0.0.1:8080", "start": "/home", "platform": "IOS", "depth": 3, "tries": 5,
    ///  "folder": "screens",
    ///  "onlyOnBFF": [{"route": "/offers", "kind": "screen", "referrer": "/home"}],
    ///  "onlyInFolder": [{"route": "/promo", "kind": "screen", "file": "promo.json", "referrer": "/home"}],
    ///  "routes": [{"route": "/home", "kind": "screen", "platform": "IOS", "status": 200, "folderStatus": 200,
    ///              "file": "home.json",
    ///              "head": [{"field": "cache-control", "change": "changed", "bff": "max-age=300", "folder": "no-cache"}],
    ///              "differences": [{"kind": "text", "change": "changed",
    ///                               "bff": {"pointer": "/child/children/0/text", "value": "Hello"},
    ///                               "folder": {"pointer": "/child/children/0/text", "value": "Welcome"}}],
    ///              "latency": {"fetches": 4, "failures": [], "p50Ms": 61.2, "p95Ms": 63.4, "rule": "10ms",
    ///                          "ruleRangeMs": [10, 10], "toleranceMs": 10, "verdict": "slower"}}],
    ///  "notReached": [{"route": "/legacy", "file": "legacy.json"}],
    ///  "notCompared": [{"route": "/product/42", "status": 200, "file": "product/[id].json", "reason": "…"}],
    ///  "failedOnBFF": [{"route": "/cart", "status": 503, "file": "cart.json", "reason": "HTTP 503"}],
    ///  "summary": {"compared": 5, "differ": 1, "differences": 2, "onlyOnBFF": 1, "onlyInFolder": 1,
    ///              "outsideLatencyRule": 1, "notReached": 1, "notCompared": 1, "failedOnBFF": 1,
    ///              "durationMs": 120.5, "agree": false}}
    /// ```
    package var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and booleans always encode; an empty object is the safe fallback.
        guard let data = try? encoder.encode(JSONDriftReport(report: self)) else { return Data("{}".utf8) }
        return ProbeReport.compactingEmptyArrays(data)
    }
}

/// The shape of the JSON drift report.
private struct JSONDriftReport: Encodable {
    let report: DriftReport

    enum Keys: String, CodingKey {
        case base, start, platform, depth, tries, folder, onlyOnBFF, onlyInFolder, routes, notReached, notCompared
        case failedOnBFF, summary, route, kind, referrer, file, status, folderStatus, head, field, differences, change
        case bff, pointer, value, reason, latency, fetches, failures, p50Ms, p95Ms, rule, ruleRangeMs, toleranceMs
        case verdict, compared, differ, outsideLatencyRule, durationMs, agree
    }

    func encode(to encoder: any Encoder) throws {
        let configuration = report.configuration
        var root = encoder.container(keyedBy: Keys.self)
        try root.encode(configuration.origin.description, forKey: .base)
        try root.encode(configuration.startRoute, forKey: .start)
        try root.encode(configuration.platform.rawValue, forKey: .platform)
        try root.encode(configuration.depth, forKey: .depth)
        try root.encode(report.tries, forKey: .tries)
        try root.encode(report.folder, forKey: .folder)
        try encode(report.onlyOnBFF, withFile: false, in: &root, forKey: .onlyOnBFF)
        try encode(report.onlyInFolder, withFile: true, in: &root, forKey: .onlyInFolder)
        var routes = root.nestedUnkeyedContainer(forKey: .routes)
        for route in report.compared {
            var object = routes.nestedContainer(keyedBy: Keys.self)
            try object.encode(route.route, forKey: .route)
            try object.encode(route.kind.rawValue, forKey: .kind)
            try object.encode(configuration.platform.rawValue, forKey: .platform)
            try object.encode(route.status, forKey: .status)
            try object.encode(route.folderStatus, forKey: .folderStatus)
            try object.encode(route.file, forKey: .file)
            var head = object.nestedUnkeyedContainer(forKey: .head)
            for difference in route.head {
                var item = head.nestedContainer(keyedBy: Keys.self)
                try item.encode(difference.field.rawValue, forKey: .field)
                try item.encode(difference.change.rawValue, forKey: .change)
                try item.encode(difference.bff, forKey: .bff)
                try item.encode(difference.folder, forKey: .folder)
            }
            var differences = object.nestedUnkeyedContainer(forKey: .differences)
            for difference in route.differences {
                var item = differences.nestedContainer(keyedBy: Keys.self)
                try item.encode(difference.kind.rawValue, forKey: .kind)
                try item.encode(difference.change.rawValue, forKey: .change)
                try encode(difference.bff, in: &item, forKey: .bff)
                try encode(difference.folder, in: &item, forKey: .folder)
            }
            try encode(route.latency, in: &object)
        }
        var notReached = root.nestedUnkeyedContainer(forKey: .notReached)
        for route in report.notReached {
            var object = notReached.nestedContainer(keyedBy: Keys.self)
            try object.encode(route.route, forKey: .route)
            try object.encode(route.file, forKey: .file)
        }
        try encode(report.notCompared, in: &root, forKey: .notCompared)
        try encode(report.failedOnBFF, in: &root, forKey: .failedOnBFF)
        var summary = root.nestedContainer(keyedBy: Keys.self, forKey: .summary)
        try summary.encode(report.compared.count, forKey: .compared)
        try summary.encode(report.differing.count, forKey: .differ)
        try summary.encode(report.differenceCount, forKey: .differences)
        try summary.encode(report.onlyOnBFF.count, forKey: .onlyOnBFF)
        try summary.encode(report.onlyInFolder.count, forKey: .onlyInFolder)
        try summary.encode(report.outsideLatencyRule.count, forKey: .outsideLatencyRule)
        try summary.encode(report.notReached.count, forKey: .notReached)
        try summary.encode(report.notCompared.count, forKey: .notCompared)
        try summary.encode(report.failedOnBFF.count, forKey: .failedOnBFF)
        try summary.encode(Self.milliseconds(report.duration), forKey: .durationMs)
        try summary.encode(!report.differs, forKey: .agree)
    }

    private func encode(
        _ routes: [OneSidedRoute], withFile: Bool, in container: inout KeyedEncodingContainer<Keys>, forKey key: Keys
    ) throws {
        var list = container.nestedUnkeyedContainer(forKey: key)
        for route in routes {
            var object = list.nestedContainer(keyedBy: Keys.self)
            try object.encode(route.route, forKey: .route)
            try object.encode(route.kind?.rawValue, forKey: .kind)
            if withFile { try object.encode(route.file, forKey: .file) }
            try object.encode(route.referrer, forKey: .referrer)
        }
    }

    private func encode(_ routes: [UncomparedRoute], in container: inout KeyedEncodingContainer<Keys>, forKey key: Keys) throws {
        var list = container.nestedUnkeyedContainer(forKey: key)
        for route in routes {
            var object = list.nestedContainer(keyedBy: Keys.self)
            try object.encode(route.route, forKey: .route)
            try object.encode(route.status, forKey: .status)
            try object.encode(route.file, forKey: .file)
            try object.encode(route.reason, forKey: .reason)
        }
    }

    /// `"latency"`: null for a route not timed, else the fetches, their percentiles in
    /// milliseconds (null when none answered), the folder's rule, its range and tolerance (null
    /// when it sets none), and the verdict (null when no fetch answered).
    private func encode(_ latency: RouteLatency?, in container: inout KeyedEncodingContainer<Keys>) throws {
        guard let latency else {
            try container.encodeNil(forKey: .latency)
            return
        }
        var object = container.nestedContainer(keyedBy: Keys.self, forKey: .latency)
        try object.encode(latency.fetches.durations.count + latency.fetches.failures.count, forKey: .fetches)
        try object.encode(latency.fetches.failures, forKey: .failures)
        try object.encode(latency.p50.map(Self.milliseconds), forKey: .p50Ms)
        try object.encode(latency.p95.map(Self.milliseconds), forKey: .p95Ms)
        try object.encode(latency.rule?.written, forKey: .rule)
        let range = latency.rule?.usualRange
        try object.encode(
            range.map { [Self.milliseconds($0.lowerBound), Self.milliseconds($0.upperBound)] }, forKey: .ruleRangeMs)
        try object.encode(range.map { Self.milliseconds(RouteLatency.tolerance(for: $0)) }, forKey: .toleranceMs)
        try object.encode(latency.verdict?.rawValue, forKey: .verdict)
    }

    /// A duration in milliseconds, to a tenth.
    private static func milliseconds(_ duration: Duration) -> Double {
        (ReportUnits.milliseconds(duration) * 10).rounded() / 10
    }

    private func encode(
        _ side: ScreenDifference.Side?, in container: inout KeyedEncodingContainer<Keys>, forKey key: Keys
    ) throws {
        guard let side else {
            try container.encodeNil(forKey: key)
            return
        }
        var object = container.nestedContainer(keyedBy: Keys.self, forKey: key)
        try object.encode(side.pointer.description, forKey: .pointer)
        try object.encode(side.value, forKey: .value)
    }
}
