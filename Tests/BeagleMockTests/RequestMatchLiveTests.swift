import BeagleMock
import Foundation
import MockTestSupport
import Testing

/// `when:` and `file:` seen from a client of a live server (Docs/Configuration.md, "Request matching").
@Suite struct RequestMatchLiveTests {
    static let files = [
        "screens/profile.json": #"{"tier":"basic"}"#,
        "screens/profile-premium.json": #"{"tier":"premium"}"#,
        "screens/feed.json": #"{"page":1}"#,
        "screens/feed-page2.json": #"{"page":2}"#,
        "screens/feed-page2.ios.json": #"{"page":2,"platform":"ios"}"#,
        "screens/orders/created.json": #"{"order":"created"}"#,
        "screens/beagle-mock.yml": """
        routes:
          - path: /profile
            when: {headers: {X-User-Tier: premium}}
            file: profile-premium.json
          - path: /feed
            when: {query: {page: "2"}}
            file: feed-page2.json
          - path: /orders
            methods: [POST]
            when: {body: {items.0.sku: {matches: "SKU-[0-9]+"}}}
            file: orders/created.json
            response: {status: 201}
          - path: /missing
            file: nowhere.json
        """,
    ]

    @Test func aPremiumUserIsToldByAHeader() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let premium = try #require(
                try await HTTPProbe.request(port: server.port, target: "/profile", headers: [("x-user-tier", "premium")]))
            #expect(premium.status == 200)
            #expect(premium.text == #"{"tier":"premium"}"#)
            let basic = try #require(try await HTTPProbe.request(port: server.port, target: "/profile"))
            #expect(basic.text == #"{"tier":"basic"}"#)
        }
    }

    @Test func pageTwoIsToldByTheQuery() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let second = try #require(try await HTTPProbe.request(port: server.port, target: "/feed?page=2"))
            #expect(second.text == #"{"page":2}"#)
            let first = try #require(try await HTTPProbe.request(port: server.port, target: "/feed?page=1"))
            #expect(first.text == #"{"page":1}"#)
            // Platform variants of the rule's file apply as for a route.
            let ios = try #require(
                try await HTTPProbe.request(port: server.port, target: "/feed?page=2", headers: [("beagle-platform", "IOS")]))
            #expect(ios.text == #"{"page":2,"platform":"ios"}"#)
        }
    }

    @Test func aPostIsToldByItsJSONBodyAndAnswersWithTheRuleFile() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let created = try #require(
                try await HTTPProbe.request(
                    port: server.port, method: "POST", target: "/orders", headers: [("Content-Type", "application/json")],
                    body: Array(#"{"items":[{"sku":"SKU-12"}]}"#.utf8)))
            #expect(created.status == 201)
            #expect(created.text == #"{"order":"created"}"#)
            // No method file, and the body does not match: the folder's 404.
            let other = try #require(
                try await HTTPProbe.request(port: server.port, method: "POST", target: "/orders", body: Array("sku=1".utf8)))
            #expect(other.status == 404)
        }
    }

    @Test func aMissingRuleFileAnswers404NamingIt() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/missing"))
            #expect(response.status == 404)
            #expect(response.text.contains("nowhere.json"))
        }
    }
}
