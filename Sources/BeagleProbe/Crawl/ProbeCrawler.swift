import BeagleNetworking
import BeagleScreens
import Dispatch
import Foundation

/// Crawls a BFF the way a Beagle app walks it: fetches a screen through a `ViewClient`, decodes
/// it with the `Coder`, follows its navigation breadth-first to ``ProbeConfiguration/depth``,
/// fetches its lazy components and downloads its remote images through an image downloader.
///
/// What is followed, from the JSON received (so that a screen that fails to decode still leads
/// on, and routes inside `custom:` components are found):
/// - the remote routes of `pushView`, `pushStack`, `resetApplication` and `resetStack`, one
///   step deeper; `popToView` only returns to a screen already shown and fetches nothing;
/// - `lazyComponent` paths, at the depth of their screen (they load with it);
/// - remote images, at the depth of their screen: BFF paths, `http(s)` URLs on any origin
///   and `data:` URLs.
///
/// Only BFF paths (`/…`) and absolute URLs on the BFF's own origin are fetched as screens;
/// expressions (`@{…}`) are skipped, navigations with another method than GET, other origins
/// and URLs Beagle cannot fetch are listed in ``ProbeReport/notFollowed``. `sendRequest` and
/// `submitForm` are never sent.
package struct ProbeCrawler: Sendable {
    /// What to crawl.
    package let configuration: ProbeConfiguration
    let viewClient: any ViewClientProtocol
    let imageDownloader: any ImageDownloaderProtocol
    let capture: ResponseCapture?
    let urlBuilder: UrlBuilder

    /// A crawler sending its requests through `networkClient`, or when nil through the
    /// configuration's own (``ProbeConfiguration/networkClient()``).
    ///
    /// - Parameter coder: the coder screens are decoded with; register an app's custom types
    ///   in it to have them checked too.
    package init(
        configuration: ProbeConfiguration, networkClient: (any NetworkClientProtocol)? = nil,
        coder: any CoderProtocol = Coder()
    ) {
        let client = networkClient ?? configuration.networkClient()
        let capture = ResponseCapture()
        let capturing = CapturingNetworkClient(upstream: client, capture: capture)
        let urlBuilder = UrlBuilder(baseUrl: configuration.origin.baseURL)
        let queue = DispatchQueue.global()
        let remote = CachingImageDownloader(
            upstream: ImageDownloader(networkClient: capturing, urlBuilder: urlBuilder, completionQueue: queue),
            completionQueue: queue)
        self.init(
            configuration: configuration,
            viewClient: ViewClient(networkClient: capturing, urlBuilder: urlBuilder, coder: coder, completionQueue: queue),
            imageDownloader: CompositeImageDownloader(
                [DataURLImageDownloader(completionQueue: queue), RemoteImageDownloader(remote)], completionQueue: queue),
            capture: capture,
            urlBuilder: urlBuilder)
    }

    /// A crawler over the given clients: `capture` is where the raw bytes behind
    /// `viewClient`'s screens and `imageDownloader`'s images land (a `CapturingNetworkClient`
    /// beneath them), keyed by the URLs `urlBuilder` builds; without one, screens have no
    /// size or body and their references cannot be followed.
    package init(
        configuration: ProbeConfiguration, viewClient: any ViewClientProtocol,
        imageDownloader: any ImageDownloaderProtocol, capture: ResponseCapture?, urlBuilder: UrlBuilder
    ) {
        self.configuration = configuration
        self.viewClient = viewClient
        self.imageDownloader = imageDownloader
        self.capture = capture
        self.urlBuilder = urlBuilder
    }

    /// One fetch to make.
    struct Work: Sendable {
        let kind: ProbeItemKind
        let route: String
        let depth: Int
        let referrer: String?
    }

    /// What one fetch gave: its result, and what the screen references.
    struct FetchResult: Sendable {
        var result: ProbeResult
        var references: [ScreenReference]
    }

    /// Crawls, calling `progress` as each fetch starts and finishes (from any thread), and
    /// returns the report: screens and lazy components in the order found, then images.
    package func run(progress: @escaping @Sendable (ProbeProgress) -> Void = { _ in }) async -> ProbeReport {
        let clock = ContinuousClock()
        let started = clock.now
        let start = Work(kind: .screen, route: configuration.startRoute, depth: 0, referrer: nil)
        var frontier = Frontier(configuration: configuration)
        frontier.enqueue(start)
        var pending = frontier.takePending()
        let tally = ProgressTally()
        tally.setTotal(frontier.queuedCount)
        var screens: [ProbeResult] = []
        var images: [ProbeResult] = []
        while !pending.isEmpty {
            let outcomes = await fetchAll(pending, tally: tally, progress: progress)
            for (work, outcome) in zip(pending, outcomes) {
                var result = outcome.result
                for reference in outcome.references {
                    if let warning = frontier.consider(reference, from: work) { result.problems.append(warning) }
                }
                if work.kind == .image { images.append(result) } else { screens.append(result) }
            }
            pending = frontier.takePending()
            tally.setTotal(frontier.queuedCount)
        }
        return ProbeReport(
            configuration: configuration, results: screens + images, notFollowed: frontier.notFollowed,
            duration: started.duration(to: clock.now))
    }

    /// Fetches every item, at most `maximumConcurrentRequests` at a time, and returns the
    /// outcomes in the items' order.
    func fetchAll(
        _ items: [Work], tally: ProgressTally, progress: @escaping @Sendable (ProbeProgress) -> Void
    ) async -> [FetchResult] {
        await withTaskGroup(of: (Int, FetchResult).self) { group in
            var outcomes: [FetchResult?] = Array(repeating: nil, count: items.count)
            var next = 0
            func startNext() {
                let index = next
                let work = items[index]
                next += 1
                group.addTask {
                    let counts = tally.current
                    progress(
                        ProbeProgress(
                            completed: counts.completed, total: counts.total, kind: work.kind, route: work.route,
                            result: nil))
                    let outcome = await fetch(work)
                    let done = tally.complete()
                    progress(
                        ProbeProgress(
                            completed: done.completed, total: done.total, kind: work.kind, route: work.route,
                            result: outcome.result))
                    return (index, outcome)
                }
            }
            while next < min(configuration.maximumConcurrentRequests, items.count) { startNext() }
            while let (index, outcome) = await group.next() {
                outcomes[index] = outcome
                if next < items.count { startNext() }
            }
            return outcomes.compactMap { $0 }
        }
    }

    /// Fetches one screen, lazy component or image.
    func fetch(_ work: Work) async -> FetchResult {
        switch work.kind {
        case .screen, .lazyComponent: await fetchScreen(work)
        case .image: FetchResult(result: await fetchImage(work), references: [])
        }
    }

    func fetchScreen(_ work: Work) async -> FetchResult {
        let url = urlBuilder.build(path: work.route)
        let clock = ContinuousClock()
        let started = clock.now
        let decoded: Result<any ServerDrivenComponent, Request.Error>
        do {
            decoded = .success(
                try await viewClient.fetch(url: work.route, additionalData: nil, deadline: configuration.timeout))
        } catch {
            decoded = .failure(error)
        }
        let duration = started.duration(to: clock.now)
        let captured = url.flatMap { capture?.take(for: $0) }
        var status = captured?.status
        var body = captured?.body
        var problems: [ProbeProblem] = []
        switch decoded {
        case .success(let screen):
            problems += UnknownTypes(in: screen).problems
        case .failure(let error):
            if case .httpStatus(let code, let errorBody)? = error.networkFailure {
                status = status ?? code
                body = body ?? errorBody
            }
            if case .decoding = error, let body, let syntax = Self.syntaxProblem(body, contentType: captured?.contentType) {
                problems.append(syntax)
            } else {
                problems.append(error.probeProblem(timeout: configuration.timeout))
            }
        }
        var references: [ScreenReference] = []
        if let status, (200...299).contains(status), let body, let node = try? JSONReader().parse(body) {
            references = ScreenReferences(in: node).all.filter { $0.platforms.contains(configuration.platform) }
        }
        let result = ProbeResult(
            kind: work.kind, route: work.route, url: url, depth: work.depth, referrer: work.referrer, status: status,
            headers: captured?.headers ?? .none, duration: duration, body: body, problems: Self.errorsFirst(problems))
        return FetchResult(result: result, references: references)
    }

    func fetchImage(_ work: Work) async -> ProbeResult {
        let isDataURL = work.route.lowercased().hasPrefix("data:")
        let url = isDataURL ? nil : urlBuilder.build(path: work.route)
        let clock = ContinuousClock()
        let started = clock.now
        let downloaded: Result<Data, Request.Error>
        do {
            downloaded = .success(
                try await imageDownloader.fetchImage(url: work.route, additionalData: nil, deadline: configuration.timeout))
        } catch {
            downloaded = .failure(error)
        }
        let duration = started.duration(to: clock.now)
        let captured = url.flatMap { capture?.take(for: $0) }
        var status = captured?.status
        var body = captured?.body
        var problems: [ProbeProblem] = []
        switch downloaded {
        case .success(let data):
            body = data
            if data.isEmpty {
                problems.append(.error("empty body: the app gets no image"))
            } else if ImageFormat(sniffing: data) == nil {
                problems.append(.error("not an image: the bytes are none of \(ImageFormat.names)"))
            }
        case .failure(let error):
            if case .httpStatus(let code, let errorBody)? = error.networkFailure {
                status = status ?? code
                body = body ?? errorBody
            }
            problems.append(error.probeProblem(timeout: configuration.timeout))
        }
        return ProbeResult(
            kind: .image, route: work.route, url: url, depth: work.depth, referrer: work.referrer, status: status,
            headers: captured?.headers ?? .none, duration: duration, body: body, problems: problems)
    }

    /// Why a body the Coder rejected is not even JSON, when it is not: with line and column,
    /// and the content type when that is not JSON either.
    static func syntaxProblem(_ body: Data, contentType: String?) -> ProbeProblem? {
        let hint =
            if let contentType, !contentType.lowercased().contains("json") { " (Content-Type: \(contentType))" } else { "" }
        guard !body.isEmpty else { return .error("empty body: a screen must be JSON" + hint) }
        do {
            _ = try JSONReader().parse(body)
            return nil
        } catch {
            return .error("not valid JSON at \(error.position): \(error.message)" + hint)
        }
    }

    static func errorsFirst(_ problems: [ProbeProblem]) -> [ProbeProblem] {
        problems.filter { $0.severity == .error } + problems.filter { $0.severity == .warning }
    }
}
