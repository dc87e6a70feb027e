import Foundation
import HTTPTypes
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// Scenario states without a server: the config, a reload, a reset (Docs/Configuration.md, "Scenarios").
@Suite struct ScenarioStateTests {
    static let yaml = """
        routes:
          - path: /cart
            methods: [POST]
            scenario: {name: cart, next: filled}
          - path: /cart
            scenario: {name: cart, state: filled}
            file: cart-filled.json
          - path: /wish
            scenario: {name: wish, state: start}
        """

    @Test func theConfigListsEveryScenarioSortedWithItsStates() throws {
        let config = try ConfigLoader.parse(yaml: Self.yaml)
        #expect(config.routes[0].scenario == RouteScenario(name: "cart", state: "start", next: "filled"))
        #expect(
            config.scenarioCatalogue == [
                .init(name: "cart", states: ["start", "filled"]), .init(name: "wish", states: ["start"]),
            ])
    }

    @Test func aScenarioWithoutANameIsRefusedWhereItIs() throws {
        let error = try #require(throws: ConfigError.self) {
            try ConfigLoader.parse(yaml: "routes:\n  - path: /a\n    scenario: {state: start, nxt: b}\n", file: "c.yml")
        }
        #expect(error.description.hasPrefix("c.yml:3:30: routes[0].scenario: unknown key \"nxt\"; did you mean next?"))
        let missing = try #require(throws: ConfigError.self) {
            try ConfigLoader.parse(yaml: "routes:\n  - path: /a\n    scenario: {state: start}\n", file: "c.yml")
        }
        #expect(missing.description.hasPrefix("c.yml:3:15: routes[0].scenario: missing name"))
    }

    @Test func matchingMovesTheStateAndResetPutsItBack() throws {
        let store = SettingsStore(configuration: try ConfigLoader.parse(yaml: Self.yaml), randomSeed: 1)
        let planner = RequestPlanner(counters: store.counters, scenarios: store.scenarios)
        let get = { planner.plan(method: .get, path: "/cart", control: .none, settings: store.snapshot) }
        #expect(get().file == nil)
        #expect(store.scenarios.state(of: "cart") == "start")
        _ = planner.plan(method: .post, path: "/cart", control: .none, settings: store.snapshot)
        #expect(store.scenarios.state(of: "cart") == "filled")
        #expect(get().file == "cart-filled.json")
        store.reset()
        #expect(store.scenarios.state(of: "cart") == "start")
    }

    @Test func aReloadKeepsTheStatesOfScenariosThatStillExist() throws {
        let store = SettingsStore(configuration: try ConfigLoader.parse(yaml: Self.yaml), randomSeed: 1)
        store.scenarios.set("cart", to: "filled")
        store.scenarios.set("wish", to: "other")
        let edited = Self.yaml.replacingOccurrences(of: "name: wish", with: "name: wishes")
        store.replaceConfiguration(try ConfigLoader.parse(yaml: edited))
        #expect(store.scenarios.state(of: "cart") == "filled")
        #expect(store.scenarios.state(of: "wish") == "start")
    }
}

/// A live reload of `when:`, `file:` and `scenario:` (Docs/Configuration.md, "Reload").
@Suite struct RequestMatchReloadTests {
    @Test func aBadRegexOnReloadIsRefusedWhereItIsAndStatesSurvive() throws {
        let folder = try ConfigReloaderTests.Folder()
        try folder.replace(ScenarioStateTests.yaml)
        let store = SettingsStore(configuration: try ConfigLoader.loadIfPresent(file: folder.file), randomSeed: 1)
        let reloader = ConfigReloader(file: folder.file, settings: store, logger: LogRecorder().logger)
        _ = store.requestPlan(method: "POST", path: "/cart")
        #expect(store.scenarios.state(of: "cart") == "filled")

        try folder.replace(ScenarioStateTests.yaml + "\n  - path: /x\n    when: {query: {a: {matches: \"[\"}}}\n")
        guard case .rejected(let error) = reloader.checkNow() else {
            Issue.record("a regex that does not compile must be refused")
            return
        }
        #expect(error.line == 11 && error.column == 33, "\(error)")
        #expect(error.message.hasPrefix("routes[3].when.query.a.matches: regular expression \"[\" does not compile"))

        // A valid edit that keeps the cart scenario keeps its state.
        try folder.replace(ScenarioStateTests.yaml.replacingOccurrences(of: "/wish", with: "/wishlist"))
        #expect(reloader.checkNow() == .reloaded)
        #expect(store.scenarios.state(of: "cart") == "filled")
        #expect(store.requestPlan(method: "GET", path: "/cart").file == "cart-filled.json")
    }
}
