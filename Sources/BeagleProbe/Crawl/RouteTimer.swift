import BeagleNetworking

/// Fetches routes of the BFF again to time them: each route ``fetches`` times, one fetch after
/// the other, as the crawl sends them (the same client, headers, platform and deadline), several
/// routes at once up to the crawl's concurrency. A fetch is timed from the request to the end of
/// its body, as the app waits for it; nothing is decoded.
package struct RouteTimer: Sendable {
    /// The client the crawl used, whose connections the timed fetches reuse.
    let client: any NetworkClientProtocol
    /// The crawl's origin, deadline and concurrency.
    let configuration: ProbeConfiguration
    /// How many times each route is fetched: at least once.
    package let fetches: Int

    /// A timer fetching each route `fetches` times through `client`, as `configuration` says.
    package init(client: any NetworkClientProtocol, configuration: ProbeConfiguration, fetches: Int) {
        self.client = client
        self.configuration = configuration
        self.fetches = max(1, fetches)
    }

    /// The timed fetches of each of `routes` (BFF paths with their query, as the crawl fetched them).
    package func time(_ routes: [String]) async -> [String: TimedFetches] {
        await withTaskGroup(of: (String, TimedFetches).self) { group in
            var timed: [String: TimedFetches] = [:]
            var pending = routes[...]
            func startNext() {
                guard let route = pending.popFirst() else { return }
                group.addTask { (route, await time(route)) }
            }
            for _ in 0..<configuration.maximumConcurrentRequests { startNext() }
            while let (route, fetched) = await group.next() {
                timed[route] = fetched
                startNext()
            }
            return timed
        }
    }

    /// `route` fetched ``fetches`` times, one after the other.
    func time(_ route: String) async -> TimedFetches {
        var timed = TimedFetches()
        guard let url = UrlBuilder(baseUrl: configuration.origin.baseURL).build(path: route) else {
            timed.failures = Array(repeating: "Beagle's UrlBuilder cannot build a URL from it", count: fetches)
            return timed
        }
        let clock = ContinuousClock()
        for _ in 0..<fetches {
            let started = clock.now
            do {
                _ = try await client.executeRequest(Request(url: url, additionalData: nil), deadline: configuration.timeout)
                timed.durations.append(started.duration(to: clock.now))
            } catch {
                timed.failures.append(error.failure.probeMessage(timeout: configuration.timeout))
            }
        }
        return timed
    }
}
