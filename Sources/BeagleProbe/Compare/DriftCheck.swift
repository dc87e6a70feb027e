import BeagleScreens
import Foundation

/// Compares what a probe received from a BFF with what a screens folder serves for the same
/// routes and platform (``FolderAnswers``), screen by screen (``ScreenDiff``), and, where it is
/// given them, head by head (``HeadDiff`` over the folder's ``FolderHead``s) and with the BFF's
/// latency timed (``RouteTimer``) beside the folder's rule (``RouteLatency``).
///
/// Screens and lazy components are compared; images are compared as the URLs screens hold,
/// not as bytes. A route the BFF answered 404 counts as missing on the BFF only when the folder
/// has it (both missing agree). The folder's screen routes the crawl did not reach are listed
/// apart: the crawl is what decides what is compared.
package struct DriftCheck: Sendable {
    /// The folder's answers.
    package let answers: FolderAnswers
    /// The folder as the user wrote it, for the report.
    package let folderName: String
    /// The folder's status, headers and latency rule for a route; nil compares bodies only.
    let heads: FolderHeadLookup?
    /// Times the compared routes on the BFF; nil times none.
    let timer: RouteTimer?

    /// A check against `answers`, naming the folder `folderName` in the report, comparing heads
    /// with those `heads` gives and timing the compared routes with `timer`.
    package init(
        answers: FolderAnswers, folderName: String, heads: FolderHeadLookup? = nil, timer: RouteTimer? = nil
    ) {
        self.answers = answers
        self.folderName = folderName
        self.heads = heads
        self.timer = timer
    }

    /// The drift between `report`'s screens and the folder.
    package func compare(_ report: ProbeReport) async -> DriftReport {
        var served: [ServedRoute] = []
        var onlyOnBFF: [OneSidedRoute] = []
        var onlyInFolder: [OneSidedRoute] = []
        var notCompared: [UncomparedRoute] = []
        var failedOnBFF: [UncomparedRoute] = []
        var reachedFiles: Set<String> = []
        for result in report.results where result.kind != .image {
            let answer = answers.answer(for: result.route)
            if let file = answer.file { reachedFiles.insert(file) }
            guard let status = result.status, (200...299).contains(status) || status == 404 else {
                let reason = result.problems.first { $0.severity == .error }?.message ?? "no answer"
                failedOnBFF.append(UncomparedRoute(route: result.route, status: result.status, file: answer.file, reason: reason))
                continue
            }
            switch (status == 404, answer) {
            case (true, .missing):
                continue
            case (true, _):
                onlyInFolder.append(
                    OneSidedRoute(route: result.route, kind: result.kind, file: answer.file, referrer: result.referrer))
            case (false, .missing):
                onlyOnBFF.append(OneSidedRoute(route: result.route, kind: result.kind, file: nil, referrer: result.referrer))
            case (false, .unknown(let file, let reason)):
                notCompared.append(UncomparedRoute(route: result.route, status: status, file: file, reason: reason))
            case (false, .served(let data, let file)):
                served.append(
                    ServedRoute(
                        result: result, status: status, file: file,
                        differences: ScreenDiff.differences(bff: result.body ?? Data(), folder: data)))
            }
        }
        let timed = await timer?.time(served.map(\.result.route))
        var compared: [RouteDrift] = []
        for route in served {
            let result = route.result
            let head = await heads?(result.route)
            compared.append(
                RouteDrift(
                    route: result.route, kind: result.kind, status: route.status, file: route.file,
                    differences: route.differences, folderStatus: head?.status,
                    head: head.map { HeadDiff.differences(status: route.status, headers: result.headers, folder: $0) } ?? [],
                    latency: timed.map { RouteLatency(fetches: $0[result.route] ?? TimedFetches(), rule: head?.latency) }))
        }
        let biggestFirst = compared.enumerated().sorted { left, right in
            (-left.element.weight, left.offset) < (-right.element.weight, right.offset)
        }.map(\.element)
        return DriftReport(
            configuration: report.configuration, folder: folderName, compared: biggestFirst, onlyOnBFF: onlyOnBFF,
            onlyInFolder: onlyInFolder, notReached: notReached(besides: reachedFiles), notCompared: notCompared,
            failedOnBFF: failedOnBFF, duration: report.duration, tries: timer.map { $0.fetches + 1 } ?? 1)
    }

    /// A route both sides answered, its bodies compared.
    private struct ServedRoute {
        let result: ProbeResult
        /// The BFF's status, 2xx.
        let status: Int
        /// The folder's file.
        let file: String
        let differences: [ScreenDifference]
    }

    /// The folder's GET screen routes whose file for the platform answered none of the routes
    /// the crawl reached. A route served to other platforms only is not listed.
    func notReached(besides reachedFiles: Set<String>) -> [OneSidedRoute] {
        let folder = answers.folder
        return folder.routes.compactMap { route in
            guard route.files.contains(where: { $0.location == .screens && $0.name.isJSON && $0.name.method == nil }),
                let file = folder.resolve(route.path, platform: answers.platform).match?.file,
                file.location == .screens, file.name.isJSON, !reachedFiles.contains(file.displayPath)
            else { return nil }
            return OneSidedRoute(route: route.path, kind: nil, file: file.displayPath, referrer: nil)
        }
    }
}
