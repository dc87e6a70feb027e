import BeagleMockHTTP
import BeagleMockTLS
import BeagleScreens
import Foundation

/// Every capability of the admin API as a typed operation, apart from any protocol
/// (Docs/Architecture.md, "One set of operations, several doors"): the REST admin API, the MCP
/// tools, BeagleMockTesting and the dashboard's server side each translate their input to these
/// calls and encode the result once, in their own format. A rule (a journal filter's pattern, a
/// settings body's validation, what a reset clears, where a screen may be written) lives here once.
package struct MockOperations: Sendable {
    let settings: SettingsStore
    package let journal: RequestJournal
    let store: ScreenStore
    /// The last route list, kept while the folder is unchanged.
    let routeReports: RouteReportCache
    /// The local CA that signed the HTTPS certificate; nil without HTTPS or with the user's own.
    let authority: LocalCertificateAuthority?
    let startedAt: ContinuousClock.Instant
    /// The screen on the devices, for Live Preview (Docs/LivePreview.md).
    package let live: LiveScreen
    /// The server's metrics (Docs/AdminAPI.md, "Metrics").
    let metrics: ServerMetrics

    package init(
        settings: SettingsStore, journal: RequestJournal, store: ScreenStore, routeReports: RouteReportCache,
        authority: LocalCertificateAuthority?, startedAt: ContinuousClock.Instant, live: LiveScreen = LiveScreen(),
        metrics: ServerMetrics = ServerMetrics()
    ) {
        self.metrics = metrics
        self.settings = settings
        self.journal = journal
        self.store = store
        self.routeReports = routeReports
        self.authority = authority
        self.startedAt = startedAt
        self.live = live
    }

    // MARK: - Health, reset, the CA

    /// `GET /__admin/health`: the server answers.
    package struct Health: Encodable, Sendable {
        let status = "ok"
        let version = beagleMockVersion
        /// The screens the folder serves.
        package let routes: Int
        package let uptimeSeconds: Int
    }

    package func health() -> Health {
        Health(
            routes: store.inventory()?.screens ?? 0, uptimeSeconds: Int((ContinuousClock.now - startedAt) / .seconds(1)))
    }

    /// What a reset did.
    package struct ResetResult: Encodable, Sendable {
        /// Journal entries cleared.
        package let journalCleared: Int
        /// The runtime settings now: none.
        let settings = RuntimeSettings.none
    }

    /// `POST /__admin/reset`: empties the journal, clears the runtime overrides, the sequence
    /// counters and the scenarios' states.
    @discardableResult
    package func reset() -> ResetResult {
        let cleared = journal.clear()
        settings.reset()
        return ResetResult(journalCleared: cleared)
    }

    /// `GET /__admin/ca.pem`: the local CA, whose certificate (never its key) devices trust.
    package func certificateAuthority() throws(OperationError) -> LocalCertificateAuthority {
        guard let authority else {
            throw OperationError(
                .notFound,
                "no local CA: this server serves no HTTPS (--tls-port), or serves a certificate of its own (--tls-cert)")
        }
        return authority
    }

    // MARK: - Scenarios

    /// A scenario, its state now and every state its rules name.
    package struct ScenarioState: Encodable, Sendable, Hashable {
        package let name: String
        package let state: String
        package let states: [String]
    }

    /// `GET /__admin/scenarios`: every scenario the config names, and its state.
    package func scenarios() -> [ScenarioState] {
        settings.snapshot.configuration.scenarioCatalogue.map(scenarioState)
    }

    /// `PUT /__admin/scenarios/{name}`: puts the scenario `name` in `state`, one its rules name.
    package func setScenario(_ name: String, to state: String) throws(OperationError) -> ScenarioState {
        let entry = try scenario(name)
        guard entry.states.contains(state) else {
            let known = entry.states.joined(separator: ", ")
            throw OperationError(
                .invalid, field: "state", value: state, "must be one of the states the config names for \(name): \(known)")
        }
        settings.scenarios.set(name, to: state)
        return scenarioState(entry)
    }

    /// The scenario `name` as the config names it; `notFound`, naming those there are, when it
    /// names no such scenario.
    package func scenario(_ name: String) throws(OperationError) -> MockConfiguration.ScenarioEntry {
        let catalogue = settings.snapshot.configuration.scenarioCatalogue
        guard let entry = catalogue.first(where: { $0.name == name }) else {
            var error = OperationError(
                .notFound, "no scenario \(SpecError.quote(name)) in the config; GET /__admin/scenarios lists them")
            error.suggestions = catalogue.map(\.name)
            throw error
        }
        return entry
    }

    private func scenarioState(_ entry: MockConfiguration.ScenarioEntry) -> ScenarioState {
        ScenarioState(name: entry.name, state: settings.scenarios.state(of: entry.name), states: entry.states)
    }
}
