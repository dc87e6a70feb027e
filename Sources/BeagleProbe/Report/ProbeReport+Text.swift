import BeagleScreens

extension ProbeReport {
    /// The text report: a table of every fetch (kind, route, status, time, size, problems), the
    /// references not followed, a summary line, and what `--save` wrote.
    package var text: String {
        var lines = table
        if !notFollowed.isEmpty {
            lines.append("")
            lines.append("Not followed:")
            let width = min(notFollowed.map(\.url.count).max() ?? 0, 60)
            for reference in notFollowed {
                lines.append("  \(Self.pad(reference.url, width))  \(reference.reason) (from \(reference.referrer))")
            }
        }
        lines.append("")
        lines.append(summaryLine)
        if let snapshotLine { lines.append(snapshotLine) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table, header first.
    var table: [String] {
        let header = ["KIND", "ROUTE", "STATUS", "TIME", "SIZE", "PROBLEMS"]
        let rows = results.map { result in
            [
                result.kind.rawValue,
                Self.shown(result.route),
                result.status.map(String.init) ?? (result.route.lowercased().hasPrefix("data:") ? "data" : "-"),
                ReportUnits.duration(result.duration),
                result.size.map(ReportUnits.size) ?? "-",
                result.problems.isEmpty ? "-" : result.problems.map(\.description).joined(separator: "; "),
            ]
        }
        let widths = (0..<header.count - 1).map { column in
            min((rows + [header]).map { $0[column].count }.max() ?? 0, 60)
        }
        let rightAligned: Set<Int> = [3, 4]
        return ([header] + rows).map { cells in
            var line = ""
            for (column, cell) in cells.enumerated() {
                if column == cells.count - 1 {
                    line += cell
                } else if rightAligned.contains(column) {
                    line += Self.pad(cell, widths[column], right: true) + "  "
                } else {
                    line += Self.pad(cell, widths[column]) + "  "
                }
            }
            return line
        }
    }

    /// `7 screens, 1 lazy component and 7 images from http://127.0.0.1:8080 (IOS, depth 3) in
    /// 486 ms: all OK; 1 not followed`.
    package var summaryLine: String {
        let lazy = results.count { $0.kind == .lazyComponent }
        let screens = Self.count(screenCount - lazy, "screen")
        let lazyPart = lazy == 0 ? "" : ", \(Self.count(lazy, "lazy component"))"
        let what = "\(screens)\(lazyPart) and \(Self.count(imageCount, "image"))"
        let context = "from \(configuration.origin) (\(configuration.platform.rawValue), depth \(configuration.depth))"
        var verdict = failedCount == 0 ? "all OK" : "\(failedCount) failed"
        if warningCount > 0 { verdict += ", \(Self.count(warningCount, "warning"))" }
        var line = "\(what) \(context) in \(ReportUnits.duration(duration)): \(verdict)"
        if !notFollowed.isEmpty { line += "; \(notFollowed.count) not followed" }
        return line
    }

    /// `Saved 17 screens and 13 images to snap …`, once `--save` has run.
    package var snapshotLine: String? {
        guard let snapshot else { return nil }
        var line =
            "Saved \(Self.count(snapshot.screens, "screen")) and \(Self.count(snapshot.images, "image")) to \(snapshot.directory)"
            + " (screens as received for beagle-platform \(snapshot.platform.rawValue), as plain files)"
        if snapshot.notSaved > 0 { line += "; \(snapshot.notSaved) not saved (see problems)" }
        if snapshot.externalImages > 0 {
            line += "; \(Self.count(snapshot.externalImages, "image")) from other origins or data: URLs left out"
        }
        let screensPath = snapshot.directory.hasSuffix("/") ? snapshot.directory + "screens" : snapshot.directory + "/screens"
        return line + ". Serve it with: beagle-mock serve \(screensPath)"
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }

    /// A route for a table cell: `data:` URLs cut short.
    static func shown(_ route: String) -> String {
        guard route.lowercased().hasPrefix("data:"), route.count > 40 else { return route }
        return String(route.prefix(39)) + "…"
    }
}
