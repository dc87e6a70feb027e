import BeagleMock
import Foundation
import MockTestSupport
import Testing

/// Scenarios (Docs/Configuration.md, "Scenarios"; Docs/AdminAPI.md, "Scenarios"): rules that
/// match in one state and move to the next, seen from clients of a live server.
@Suite struct ScenarioTests {
    static let cartFiles = [
        "screens/cart.json": #"{"items":[]}"#,
        "screens/cart.post.json": #"{"added":true}"#,
        "screens/cart-filled.json": #"{"items":["book"]}"#,
        "screens/beagle-mock.yml": CartScenario.config(
            more: """
                  - path: /cart/clear
                    methods: [POST]
                    scenario: {name: cart, state: filled, next: start}
                    file: cart.post.json
                """),
    ]

    @Test func aCartFillsAfterAPost() async throws {
        try await withMockServer(files: Self.cartFiles) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            #expect(try await client.request("GET", "/cart").text == #"{"items":[]}"#)
            let post = try await client.request("POST", "/cart", body: Array(#"{"sku":"book"}"#.utf8))
            #expect(post.status == 200)
            #expect(post.text == #"{"added":true}"#)
            #expect(try await client.request("GET", "/cart").text == #"{"items":["book"]}"#)
            // It stays filled: the GET rule has no next.
            #expect(try await client.request("GET", "/cart").text == #"{"items":["book"]}"#)
            #expect(try await client.request("POST", "/cart/clear").status == 200)
            #expect(try await client.request("GET", "/cart").text == #"{"items":[]}"#)
            await client.close()
        }
    }

    @Test func theAdminAPIListsAndSetsScenariosAndResetPutsThemBack() async throws {
        try await withMockServer(files: Self.cartFiles) { server, _ in
            let client = try await KeepAliveClient.connect(port: server.port)
            let listed = try await client.request("GET", "/__admin/scenarios")
            #expect(listed.status == 200)
            #expect(listed.text == #"{"scenarios":[{"name":"cart","state":"start","states":["start","filled"]}]}"#)

            let set = try await client.request("PUT", "/__admin/scenarios/cart", body: Array(#"{"state":"filled"}"#.utf8))
            #expect(set.status == 200)
            #expect(set.text == #"{"name":"cart","state":"filled","states":["start","filled"]}"#)
            #expect(try await client.request("GET", "/cart").text == #"{"items":["book"]}"#)

            let unknown = try await client.json("PUT", "/__admin/scenarios/wishlist", body: Array(#"{"state":"x"}"#.utf8))
            #expect(unknown.status == 404)
            let badState = try await client.json("PUT", "/__admin/scenarios/cart", body: Array(#"{"state":"empty"}"#.utf8))
            #expect(badState.status == 400)
            #expect(badState.object["field"] as? String == "state")
            let notString = try await client.json("PUT", "/__admin/scenarios/cart", body: Array(#"{"state":1}"#.utf8))
            #expect(notString.status == 400)
            #expect(notString.object["field"] as? String == "state")
            let extra = try await client.json(
                "PUT", "/__admin/scenarios/cart", body: Array(#"{"state":"start","when":1}"#.utf8))
            #expect(extra.status == 400)
            #expect(extra.object["field"] as? String == "when")
            let notJSON = try await client.json("PUT", "/__admin/scenarios/cart", body: Array("state=start".utf8))
            #expect(notJSON.status == 400)
            #expect(notJSON.object["field"] == nil)
            let wrongMethod = try await client.request("GET", "/__admin/scenarios/cart")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.header("Allow") == "PUT")
            // Nothing the refusals said changed the state.
            #expect(try await client.request("GET", "/__admin/scenarios").text.contains(#""state":"filled""#))

            #expect(try await client.request("POST", "/__admin/reset").status == 200)
            #expect(try await client.request("GET", "/__admin/scenarios").text.contains(#""state":"start""#))
            #expect(try await client.request("GET", "/cart").text == #"{"items":[]}"#)
            await client.close()
        }
    }

    /// Fifty POSTs at once walk a chain of fifty-one states: each must take exactly one step, so
    /// all fifty match (none finds the state another already left) and the chain ends at step 50.
    @Test func fiftyConcurrentPostsMoveAScenarioFiftySteps() async throws {
        var rules = "routes:\n"
        for step in 0..<50 {
            let state = step == 0 ? "start" : "s\(step)"
            rules += "  - path: /count\n    methods: [POST]\n    file: step.json\n"
            rules += "    scenario: {name: counter, state: \(state), next: s\(step + 1)}\n"
        }
        let files = ["screens/step.json": #"{"step":true}"#, "screens/beagle-mock.yml": rules]
        try await withMockServer(files: files) { server, _ in
            let statuses = try await withThrowingTaskGroup(of: Int?.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        try await HTTPProbe.request(port: server.port, method: "POST", target: "/count", timeout: .seconds(30))?
                            .status
                    }
                }
                return try await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            #expect(statuses.count == 50)
            #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses)")
            let listed = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/scenarios"))
            let scenarios = try #require(try listed.jsonObject()["scenarios"] as? [[String: Any]])
            #expect(scenarios.first?["state"] as? String == "s50")
            // The chain is used up: no rule matches, and /count has no method file of its own.
            let after = try #require(try await HTTPProbe.request(port: server.port, method: "POST", target: "/count"))
            #expect(after.status == 404)
        }
    }
}
