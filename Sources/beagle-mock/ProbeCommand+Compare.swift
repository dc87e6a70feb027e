import ArgumentParser
import BeagleMock
import BeagleProbe
import BeagleScreens
import Foundation

extension ProbeCommand {
    /// `--compare DIR`: crawls as `probe` does, then compares every screen received with what
    /// the folder serves for the same route and platform, its status and cache headers with what
    /// the folder sends, and, with `--tries` above 1, the BFF's latency with the folder's rule
    /// (Docs/ValidateAndProbe.md). Exit code 0 when they agree, 1 when they differ, 2 when the
    /// folder or the BFF cannot be compared, said in one line on standard error.
    func compareWithFolder(_ directory: String, configuration: ProbeConfiguration, tries: Int) async throws {
        let folder: ScreenFolder
        let dryRun: FolderDryRun?
        do {
            folder = try ScreenFolder(contentsOf: URL(fileURLWithPath: directory))
            dryRun = try FolderDryRun(screensDirectory: directory)
        } catch let error as ScreenFolderError {
            Console.error("beagle-mock: cannot compare: \(error.message(directory: directory))")
            throw ExitCode(2)
        } catch {
            Console.error("beagle-mock: cannot compare: \(error)")
            throw ExitCode(2)
        }
        try Libcurl.require(by: "probe")
        // Progress only on a terminal, where it is rewritten in place and cleared: a log keeps
        // the report, and a failure its one line.
        let live = Console.isErrorTerminal
        let progress = ProbeProgressPrinter(live: true)
        // One client for the crawl and the timed fetches, which reuse its connections.
        let client = configuration.networkClient()
        let report = await ProbeCrawler(configuration: configuration, networkClient: client).run { step in
            if live { progress.show(step) }
        }
        progress.finish()
        if let start = report.results.first, start.route == configuration.startRoute, !Self.answered(start) {
            let reason = start.problems.first { $0.severity == .error }?.message ?? "no answer"
            Console.error(
                "beagle-mock: cannot compare: \(configuration.origin) did not answer \(start.route) (\(reason)); nothing was compared"
            )
            throw ExitCode(2)
        }
        let answers = FolderAnswers(
            folder: folder, platform: configuration.platform, renderer: TemplateSample.renderer(screensFolder: directory))
        if let start = report.results.first, start.status == 404, answers.answer(for: start.route) == .missing {
            Console.error(
                "beagle-mock: cannot compare: \(configuration.origin) answered 404 for \(start.route), and \(directory) has no file for it either; nothing was compared"
            )
            throw ExitCode(2)
        }
        let requestHeaders = configuration.requestHeaders.map { (name: $0.key, value: $0.value) }
        var heads: FolderHeadLookup?
        if let dryRun {
            heads = { route in
                guard let answer = await dryRun.answer(get: route, headers: requestHeaders) else { return nil }
                return FolderHead(answer)
            }
        }
        let timer = tries > 1 ? RouteTimer(client: client, configuration: configuration, fetches: tries - 1) : nil
        let drift = await DriftCheck(answers: answers, folderName: directory, heads: heads, timer: timer).compare(report)
        switch format {
        case .text: Console.out(drift.text)
        case .json: Console.out(String(decoding: drift.json, as: UTF8.self))
        }
        if !drift.failedOnBFF.isEmpty {
            let routes = drift.failedOnBFF.prefix(3).map { "\($0.route) (\($0.reason))" }.joined(separator: ", ")
            let more = drift.failedOnBFF.count > 3 ? " and \(drift.failedOnBFF.count - 3) more" : ""
            Console.error(
                "beagle-mock: the comparison is incomplete: \(configuration.origin) failed on "
                    + "\(drift.failedOnBFF.count == 1 ? "1 route" : "\(drift.failedOnBFF.count) routes"): \(routes)\(more)")
            throw ExitCode(2)
        }
        if drift.differs { throw ExitCode(1) }
    }

    /// Whether the BFF gave an answer the comparison can use: 2xx, or 404 (a route it lacks).
    static func answered(_ result: ProbeResult) -> Bool {
        guard let status = result.status else { return false }
        return (200...299).contains(status) || status == 404
    }
}
