import BeagleScreens
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// `when:` conditions on their own: each kind, body paths, a body that is not JSON, header names
/// in any case (Docs/Configuration.md, "Request matching").
@Suite struct RequestMatchTests {
    /// The first rule of a config holding one rule with `when`.
    func match(_ when: String) throws -> RequestMatch {
        let config = try ConfigLoader.parse(yaml: "routes:\n  - path: /x\n    when: \(when)\n")
        return try #require(config.routes.first?.match)
    }

    func facts(query: String = "", headers: [(String, String)] = [], body: String? = nil) -> RequestFacts {
        RequestFacts(
            query: QueryParameters(Substring(query)),
            headers: SentHeaders(fields: headers.map { SentHeaders.Field(name: $0.0, value: $0.1) }),
            body: body.map { ByteBuffer(string: $0) })
    }

    @Test func queryValuesCompareAsStringsWithExactNames() throws {
        let match = try match(#"{query: {page: 2}}"#)
        #expect(match.holds(for: facts(query: "page=2")))
        #expect(match.holds(for: facts(query: "a=1&page=2")))
        #expect(!match.holds(for: facts(query: "page=3")))
        #expect(!match.holds(for: facts(query: "Page=2")))
        #expect(!match.holds(for: facts()))
    }

    @Test func headerNamesCompareInAnyCase() throws {
        let match = try match(#"{headers: {X-User-Tier: premium}}"#)
        #expect(match.holds(for: facts(headers: [("x-user-tier", "premium")])))
        #expect(match.holds(for: facts(headers: [("X-USER-TIER", "premium")])))
        #expect(!match.holds(for: facts(headers: [("X-User-Tier", "Premium")])))
        #expect(!match.holds(for: facts()))
    }

    @Test func matchesIsAWholeValueRegex() throws {
        let match = try match(#"{query: {id: {matches: "a|ab"}}, headers: {Authorization: {matches: "Bearer .+"}}}"#)
        #expect(match.holds(for: facts(query: "id=ab", headers: [("authorization", "Bearer t")])))
        #expect(match.holds(for: facts(query: "id=a", headers: [("authorization", "Bearer t")])))
        #expect(!match.holds(for: facts(query: "id=abc", headers: [("authorization", "Bearer t")])))
        #expect(!match.holds(for: facts(query: "id=ab", headers: [("authorization", "xBearer t")])))
    }

    @Test func presentTrueAndFalse() throws {
        let match = try match(#"{query: {debug: {present: true}}, headers: {Cookie: {present: false}}}"#)
        #expect(match.holds(for: facts(query: "debug")))
        #expect(match.holds(for: facts(query: "debug=")))
        #expect(!match.holds(for: facts(query: "debug=1", headers: [("cookie", "a=b")])))
        #expect(!match.holds(for: facts()))
    }

    @Test func bodyPathsAddressObjectsAndArrays() throws {
        let match = try match(#"{body: {user.id: 42, items.0.sku: "A-1", user.vip: true}}"#)
        let body = #"{"user": {"id": 42.0, "vip": true}, "items": [{"sku": "A-1"}, {"sku": "B"}]}"#
        #expect(match.holds(for: facts(body: body)))
        #expect(!match.holds(for: facts(body: body.replacingOccurrences(of: "A-1", with: "A-2"))))
        #expect(!match.holds(for: facts(body: #"{"user": {"id": "42", "vip": true}, "items": [{"sku": "A-1"}]}"#)))
        #expect(!match.holds(for: facts(body: #"{"user": {"id": 42, "vip": true}, "items": []}"#)))
    }

    @Test func quotedBodyValuesAreStrings() throws {
        let match = try match(#"{body: {code: "42"}}"#)
        #expect(match.holds(for: facts(body: #"{"code": "42"}"#)))
        #expect(!match.holds(for: facts(body: #"{"code": 42}"#)))
    }

    @Test func bodyRegexAndPresence() throws {
        let match = try match(#"{body: {email: {matches: ".+@example\\.com"}, coupon: {present: false}}}"#)
        #expect(match.holds(for: facts(body: #"{"email": "a@example.com"}"#)))
        #expect(!match.holds(for: facts(body: #"{"email": "a@example.com", "coupon": null}"#)))
        #expect(!match.holds(for: facts(body: #"{"email": "a@example.org"}"#)))
    }

    @Test func aBodyThatIsNotJSONFailsEveryBodyCondition() throws {
        let absent = try match(#"{body: {coupon: {present: false}}}"#)
        #expect(absent.holds(for: facts(body: "{}")))
        #expect(!absent.holds(for: facts(body: "coupon=1")))
        #expect(!absent.holds(for: facts(body: nil)))
        // A rule without body conditions does not care.
        #expect(try match(#"{query: {a: "1"}}"#).holds(for: facts(query: "a=1", body: "not json")))
    }

    @Test func theFirstRuleWhoseConditionsHoldApplies() throws {
        let config = try ConfigLoader.parse(
            yaml: """
                routes:
                  - path: /cart
                    when: {headers: {X-Tier: premium}}
                    file: cart-premium.json
                    latency: 1s
                  - path: /cart
                    latency: 2s
                """)
        let store = SettingsStore(configuration: config, randomSeed: 1)
        let planner = RequestPlanner(counters: store.counters)
        let premium = planner.plan(
            method: .get, path: "/cart", control: .none, settings: store.snapshot, facts: facts(headers: [("x-tier", "premium")]))
        #expect(premium.file == "cart-premium.json")
        #expect(premium.latency == .seconds(1))
        let other = planner.plan(method: .get, path: "/cart", control: .none, settings: store.snapshot, facts: facts())
        #expect(other.file == nil)
        #expect(other.latency == .seconds(2))
    }
}
