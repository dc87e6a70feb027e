import BeagleScreens
import Foundation

extension DriftReport {
    /// The report for people: routes on one side only, then each route that differs, biggest
    /// drift first, with each difference of its head, then of its body with their JSON Pointers on
    /// both sides; then the routes that agree, the latency of the routes timed beside the folder's
    /// rule, those not reached or not compared, and a summary line.
    package var text: String {
        var lines: [String] = []
        func section(_ title: String, _ rows: [String]) {
            guard !rows.isEmpty else { return }
            lines.append(title)
            lines += rows.map { "  " + $0 }
            lines.append("")
        }
        section(
            "Only on the BFF (no file in \(folder) answers them):",
            Self.aligned(onlyOnBFF.map { [$0.kind?.rawValue ?? "screen", $0.route, $0.referrer.map { "(from \($0))" } ?? ""] }))
        section(
            "Only in the folder (the BFF answered 404):",
            Self.aligned(
                onlyInFolder.map {
                    [$0.kind?.rawValue ?? "screen", $0.route, $0.file ?? "", $0.referrer.map { "(from \($0))" } ?? ""]
                }))
        for route in differing {
            let count = Self.count(route.differenceCount, "difference")
            lines.append("\(route.route) (\(configuration.platform.rawValue), \(route.file)): \(count)")
            lines += route.head.map { "  " + Self.line(for: $0) }
            for difference in route.differences { lines += Self.lines(for: difference) }
            lines.append("")
        }
        let agreeing = compared.filter { !$0.differs }.map(\.route)
        if !agreeing.isEmpty {
            lines.append("Same on both sides: " + agreeing.joined(separator: ", "))
            lines.append("")
        }
        section(
            "Latency of the BFF over \(tries - 1) timed \(tries == 2 ? "fetch" : "fetches") each, beside the folder's rule:",
            Self.aligned(compared.compactMap { route in route.latency.map { [route.route] + Self.cells(for: $0) } }))
        section(
            "Not reached by the crawl (in the folder, not compared):",
            Self.aligned(notReached.map { [$0.route, $0.file ?? ""] }))
        section("Not compared:", Self.aligned(notCompared.map { [$0.route, $0.reason] }))
        section(
            "Not compared, the BFF failed:",
            Self.aligned(failedOnBFF.map { [$0.route, $0.reason] }))
        lines.append(summaryLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `5 routes compared for IOS between http://127.0.0.1:8080 (depth 3) and screens in 120 ms:
    /// 2 differ (6 differences); 1 only on the BFF, 1 only in the folder; 1 not reached`.
    package var summaryLine: String {
        let context =
            "\(Self.count(compared.count, "route")) compared for \(configuration.platform.rawValue) between "
            + "\(configuration.origin) (depth \(configuration.depth)) and \(folder) in \(ReportUnits.duration(duration))"
        var verdict: [String] = []
        if !differing.isEmpty {
            verdict.append("\(differing.count) differ (\(Self.count(differenceCount, "difference")))")
        }
        var oneSided: [String] = []
        if !onlyOnBFF.isEmpty { oneSided.append("\(onlyOnBFF.count) only on the BFF") }
        if !onlyInFolder.isEmpty { oneSided.append("\(onlyInFolder.count) only in the folder") }
        if !oneSided.isEmpty { verdict.append(oneSided.joined(separator: ", ")) }
        let outside = outsideLatencyRule.count
        if outside > 0 { verdict.append("\(outside) outside \(outside == 1 ? "its" : "their") latency rule") }
        var line = context + ": " + (differs ? verdict.joined(separator: "; ") : "they agree")
        var aside: [String] = []
        if !notReached.isEmpty { aside.append("\(notReached.count) not reached") }
        if !notCompared.isEmpty { aside.append("\(notCompared.count) not compared") }
        if !failedOnBFF.isEmpty { aside.append("\(failedOnBFF.count) failed on the BFF") }
        if !aside.isEmpty { line += "; " + aside.joined(separator: ", ") }
        return line
    }

    /// `text changed: "Hello" on the BFF, "Welcome" in the folder`, then where, on both sides.
    static func lines(for difference: ScreenDifference) -> [String] {
        let what: String
        let isComponent = difference.kind == .component
        func shown(_ side: ScreenDifference.Side?) -> String {
            guard let side else { return "" }
            return isComponent || difference.kind == .body ? side.value : quoted(side.value)
        }
        let name = isComponent ? "component" : difference.kind.rawValue
        switch difference.change {
        case .added:
            what = "\(name) added: \(shown(difference.bff)) on the BFF, not in the folder"
        case .removed:
            what = "\(name) removed: \(shown(difference.folder)) in the folder, not on the BFF"
        case .changed:
            let verb = isComponent ? "component type changed" : "\(name) changed"
            what = "\(verb): \(shown(difference.bff)) on the BFF, \(shown(difference.folder)) in the folder"
        }
        let places = [difference.bff.map { "BFF \($0.pointer.shown)" }, difference.folder.map { "folder \($0.pointer.shown)" }]
        return ["  " + what, "      " + places.compactMap { $0 }.joined(separator: "  ·  ")]
    }

    /// `status changed: 200 on the BFF, 202 in the folder`, `Cache-Control added: "max-age=300" on
    /// the BFF, not in the folder`, `ETag removed: the folder sends one, the BFF does not`.
    static func line(for difference: HeadDifference) -> String {
        let name = difference.field.header ?? "status"
        let change = "\(name) \(difference.change.rawValue)"
        if difference.field.comparesPresence {
            return difference.change == .added
                ? "\(change): the BFF sends one, the folder does not" : "\(change): the folder sends one, the BFF does not"
        }
        func shown(_ value: String?) -> String {
            guard let value else { return "" }
            return difference.field == .status ? value : quoted(value)
        }
        switch difference.change {
        case .added: return "\(change): \(shown(difference.bff)) on the BFF, not in the folder"
        case .removed: return "\(change): \(shown(difference.folder)) in the folder, not on the BFF"
        case .changed: return "\(change): \(shown(difference.bff)) on the BFF, \(shown(difference.folder)) in the folder"
        }
    }

    /// A row of the latency table: `p50 61 ms`, `p95 63 ms`, the folder's rule, what the times
    /// say of it, and the fetches that failed.
    static func cells(for latency: RouteLatency) -> [String] {
        let rule = latency.rule.map { "rule \($0.written)" } ?? "no rule"
        let verdict: String =
            switch latency.verdict {
            case .within: "within the rule"
            case .slower: "the BFF is slower than the rule"
            case .faster: "the BFF is faster than the rule"
            case .noRule: ""
            case .slowerWithoutRule: "the mock answers at once; the BFF takes over 100 ms (not a drift)"
            case nil: "no fetch answered"
            }
        let failures = latency.fetches.failures
        let failed =
            failures.isEmpty
            ? "" : "\(failures.count) of \(failures.count + latency.fetches.durations.count) failed (\(failures[0]))"
        return [
            "p50 " + (latency.p50.map(ReportUnits.duration) ?? "-"), "p95 " + (latency.p95.map(ReportUnits.duration) ?? "-"),
            rule, [verdict, failed].filter { !$0.isEmpty }.joined(separator: "; "),
        ]
    }

    /// `value` as a JSON string, so that spaces and quotes inside it show.
    static func quoted(_ value: String) -> String {
        var text = "\""
        for character in value {
            switch character {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            default: text.append(character)
            }
        }
        return text + "\""
    }

    /// Rows of cells, each column as wide as its widest cell (at most 60), trailing blanks cut.
    static func aligned(_ rows: [[String]]) -> [String] {
        guard let columns = rows.map(\.count).max() else { return [] }
        let widths = (0..<columns).map { column in
            min(rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0, 60)
        }
        return rows.map { cells in
            var line = ""
            for (column, cell) in cells.enumerated() {
                line += column == cells.count - 1 ? cell : ProbeReport.pad(cell, widths[column]) + "  "
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    static func count(_ number: Int, _ noun: String) -> String {
        ProbeReport.count(number, noun)
    }
}

extension JSONPointer {
    /// The pointer for a line of text: `""` for the whole document, which RFC 6901 writes empty.
    var shown: String { tokens.isEmpty ? "\"\" (the whole body)" : description }
}
