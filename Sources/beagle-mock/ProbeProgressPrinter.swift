import BeagleProbe
import Synchronization

/// Shows a probe's progress on standard error: on a terminal, one line rewritten in place
/// (`[12/30] GET /catalog/item-2 …`); otherwise one plain line per finished fetch, for logs.
final class ProbeProgressPrinter: Sendable {
    private let live: Bool
    private let shown = Mutex(false)

    /// A printer rewriting one line in place when `live`, else printing one line per fetch.
    init(live: Bool) {
        self.live = live
    }

    /// Shows one step.
    func show(_ step: ProbeProgress) {
        let method = "GET"
        if live {
            let width = max(Console.errorTerminalWidth - 1, 20)
            var line = "[\(step.completed)/\(step.total)] \(method) \(step.route) …"
            if line.count > width { line = String(line.prefix(width - 1)) + "…" }
            shown.withLock { shown in
                shown = true
                Console.errorInPlace(line)
            }
            return
        }
        guard let result = step.result else { return }
        var line = "[\(step.completed)/\(step.total)] \(method) \(step.route)"
        line += " " + (result.status.map(String.init) ?? "-")
        line += " " + ProbeReport.formattedDuration(result.duration)
        if let size = result.size { line += " " + ProbeReport.formattedSize(size) }
        if let problem = result.problems.first { line += " " + problem.description }
        Console.error(line)
    }

    /// Clears the live line, so the report starts on a clean line.
    func finish() {
        guard live else { return }
        shown.withLock { shown in
            if shown { Console.errorInPlace("") }
            shown = false
        }
    }
}
