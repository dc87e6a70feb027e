import BeagleScreens
import Foundation

extension ProbeReport {
    /// The JSON report (`--format json`): one object with the crawl's settings, `results`,
    /// `notFollowed`, `summary`, and `snapshot` after `--save`; pretty-printed, keys sorted.
    ///
    /// ```json
    /// {"base": "http://127.0.0.1:8080", "start": "/home", "platform": "IOS", "depth": 3, "timeoutMs": 10000,
    ///  "results": [{"kind": "screen", "route": "/home", "url": "http://127.0.0.1:8080/home", "depth": 0,
    ///               "referrer": null, "status": 200, "timeMs": 4.1, "bytes": 5123, "ok": true,
    ///               "problems": [{"severity": "error", "message": "HTTP 503"}], "savedAs": "screens/home.json"}],
    ///  "notFollowed": [{"kind": "screen", "url": "/x", "referrer": "/home", "reason": "depth", "detail": "beyond --depth 3"}],
    ///  "summary": {"screens": 16, "lazyComponents": 1, "images": 13, "failed": 0, "warnings": 0, "notFollowed": 0,
    ///              "durationMs": 410, "ok": true},
    ///  "snapshot": {"directory": "snap", "screens": 17, "images": 13, "notSaved": 0, "externalImages": 0, "platform": "IOS"}}
    /// ```
    package var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and booleans always encode; an empty object is the safe fallback.
        guard let data = try? encoder.encode(JSONReport(self)) else { return Data("{}".utf8) }
        return Self.compactingEmptyArrays(data)
    }

    /// `[]` for the `[` + blank line + `]` that Foundation's pretty printer writes on Linux for
    /// an empty array. The pattern cannot occur inside a JSON string, where a newline is escaped.
    static func compactingEmptyArrays(_ data: Data) -> Data {
        let text = String(decoding: data, as: UTF8.self)
        let compacted = text.replacingOccurrences(of: #"\[\n\s*\n\s*\]"#, with: "[]", options: .regularExpression)
        return Data(compacted.utf8)
    }
}

/// The shape of the JSON report.
private struct JSONReport: Encodable {
    let report: ProbeReport

    init(_ report: ProbeReport) {
        self.report = report
    }

    enum Keys: String, CodingKey {
        case base, start, platform, depth, timeoutMs, results, notFollowed, summary, snapshot
        case kind, route, url, referrer, status, timeMs, bytes, ok, problems, savedAs, reason, detail
        case screens, lazyComponents, images, failed, warnings, durationMs, directory, notSaved, externalImages
    }

    func encode(to encoder: any Encoder) throws {
        let configuration = report.configuration
        var root = encoder.container(keyedBy: Keys.self)
        try root.encode(configuration.origin.description, forKey: .base)
        try root.encode(configuration.startRoute, forKey: .start)
        try root.encode(configuration.platform.rawValue, forKey: .platform)
        try root.encode(configuration.depth, forKey: .depth)
        try root.encode(Self.milliseconds(configuration.timeout), forKey: .timeoutMs)
        var results = root.nestedUnkeyedContainer(forKey: .results)
        for result in report.results {
            var object = results.nestedContainer(keyedBy: Keys.self)
            try object.encode(result.kind.rawValue, forKey: .kind)
            try object.encode(result.route, forKey: .route)
            try object.encode(result.url?.absoluteString, forKey: .url)
            try object.encode(result.depth, forKey: .depth)
            try object.encode(result.referrer, forKey: .referrer)
            try object.encode(result.status, forKey: .status)
            try object.encode(Self.milliseconds(result.duration), forKey: .timeMs)
            try object.encode(result.size, forKey: .bytes)
            try object.encode(!result.failed, forKey: .ok)
            try object.encode(result.problems, forKey: .problems)
            try object.encode(result.savedAs, forKey: .savedAs)
        }
        var notFollowed = root.nestedUnkeyedContainer(forKey: .notFollowed)
        for reference in report.notFollowed {
            var object = notFollowed.nestedContainer(keyedBy: Keys.self)
            try object.encode(reference.kind.rawValue, forKey: .kind)
            try object.encode(reference.url, forKey: .url)
            try object.encode(reference.referrer, forKey: .referrer)
            try object.encode(reference.reason.code, forKey: .reason)
            try object.encode(reference.reason.description, forKey: .detail)
        }
        var summary = root.nestedContainer(keyedBy: Keys.self, forKey: .summary)
        let lazy = report.results.count { $0.kind == .lazyComponent }
        try summary.encode(report.screenCount - lazy, forKey: .screens)
        try summary.encode(lazy, forKey: .lazyComponents)
        try summary.encode(report.imageCount, forKey: .images)
        try summary.encode(report.failedCount, forKey: .failed)
        try summary.encode(report.warningCount, forKey: .warnings)
        try summary.encode(report.notFollowed.count, forKey: .notFollowed)
        try summary.encode(Self.milliseconds(report.duration), forKey: .durationMs)
        try summary.encode(!report.failed, forKey: .ok)
        if let snapshot = report.snapshot {
            var object = root.nestedContainer(keyedBy: Keys.self, forKey: .snapshot)
            try object.encode(snapshot.directory, forKey: .directory)
            try object.encode(snapshot.screens, forKey: .screens)
            try object.encode(snapshot.images, forKey: .images)
            try object.encode(snapshot.notSaved, forKey: .notSaved)
            try object.encode(snapshot.externalImages, forKey: .externalImages)
            try object.encode(snapshot.platform.rawValue, forKey: .platform)
        }
    }

    /// Milliseconds with one decimal.
    static func milliseconds(_ duration: Duration) -> Double {
        (ReportUnits.milliseconds(duration) * 10).rounded() / 10
    }
}
