import BeagleScreens

/// The crawl's bookkeeping: what has been queued (each route and image once), what waits for
/// the next round, and what was left alone and why.
///
/// Rounds go by depth, nearest first: a round takes every waiting fetch at the smallest depth
/// waiting. Lazy components found in a round are at that round's depth, so they make another
/// round at the same depth before anything deeper runs; a fetch waiting at some depth and
/// found again nearer moves to the nearer depth. So every fetch runs at its true distance
/// from the start, and the depth limit cuts where it should.
struct Frontier {
    let configuration: ProbeConfiguration
    private var queued: Set<String> = []
    private var pending: [ProbeCrawler.Work] = []
    private var skipped: [NotFollowedReference] = []
    private var skippedKeys: Set<String> = []

    init(configuration: ProbeConfiguration) {
        self.configuration = configuration
    }

    /// Queues `work` unless its route (or image) is queued already; if it is still waiting at a
    /// greater depth, it moves to this one.
    mutating func enqueue(_ work: ProbeCrawler.Work) {
        let key = Self.key(work.kind, work.route)
        guard queued.insert(key).inserted else {
            if let index = pending.firstIndex(where: { Self.key($0.kind, $0.route) == key }), pending[index].depth > work.depth {
                pending[index] = work
            }
            return
        }
        pending.append(work)
    }

    /// How many fetches have been queued so far, run or waiting.
    var queuedCount: Int { queued.count }

    /// The waiting work at the smallest depth waiting, in the order found.
    mutating func takePending() -> [ProbeCrawler.Work] {
        guard let depth = pending.map(\.depth).min() else { return [] }
        let taken = pending.filter { $0.depth == depth }
        pending.removeAll { $0.depth == depth }
        return taken
    }

    /// What was not followed, in the order found. A route first found beyond the depth limit
    /// and reached later on a shorter way (through a lazy component) is not listed.
    var notFollowed: [NotFollowedReference] {
        skipped.filter { reference in
            guard case .beyondDepth = reference.reason else { return true }
            return !queued.contains(Self.key(reference.kind, reference.url))
        }
    }

    /// Queues what a reference found in `screen` leads to, or notes why not; returns a warning
    /// for the screen when the reference is something Beagle cannot fetch.
    mutating func consider(_ reference: ScreenReference, from screen: ProbeCrawler.Work) -> ProbeProblem? {
        let origin = configuration.origin
        let url = BFFOrigin.withoutFragment(reference.url)
        let isHTTP = url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://")
        switch reference.kind {
        case .request:
            return nil
        case .image:
            let target: String
            if url.lowercased().hasPrefix("data:") {
                target = url
            } else if let route = origin.route(for: url) {
                target = route
            } else if isHTTP {
                target = url
            } else {
                skip(.image, url, from: screen, .notFetchable)
                return .warning(
                    "image '\(url)' at \(reference.position) is neither a BFF path (/…) nor an http(s) or data: URL: Beagle cannot fetch it"
                )
            }
            enqueue(ProbeCrawler.Work(kind: .image, route: target, depth: screen.depth, referrer: screen.route))
            return nil
        case .navigation, .lazyComponent:
            let kind: ProbeItemKind = reference.kind == .lazyComponent ? .lazyComponent : .screen
            guard reference.method == "GET" else {
                skip(kind, url, from: screen, .method(reference.method))
                return nil
            }
            guard let route = origin.route(for: url) else {
                if isHTTP {
                    skip(kind, url, from: screen, .otherOrigin)
                    return nil
                }
                skip(kind, url, from: screen, .notFetchable)
                return .warning(
                    "route '\(url)' at \(reference.position) is neither a BFF path (/…) nor an http(s) URL: Beagle cannot fetch it"
                )
            }
            let depth = kind == .lazyComponent ? screen.depth : screen.depth + 1
            guard depth <= configuration.depth else {
                guard !queued.contains(Self.key(kind, route)) else { return nil }
                skip(kind, route, from: screen, .beyondDepth(configuration.depth))
                return nil
            }
            enqueue(ProbeCrawler.Work(kind: kind, route: route, depth: depth, referrer: screen.route))
            return nil
        }
    }

    private mutating func skip(
        _ kind: ProbeItemKind, _ url: String, from screen: ProbeCrawler.Work, _ reason: NotFollowedReference.Reason
    ) {
        let key = "\(reason.code) \(Self.key(kind, url))"
        guard skippedKeys.insert(key).inserted else { return }
        skipped.append(NotFollowedReference(kind: kind, url: url, referrer: screen.route, reason: reason))
    }

    /// Screens and lazy components share one key per route: both are one view-client fetch.
    static func key(_ kind: ProbeItemKind, _ route: String) -> String {
        kind == .image ? "image " + route : "screen " + route
    }
}
