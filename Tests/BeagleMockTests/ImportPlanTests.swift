import BeagleScreens
import Foundation
import Testing

@testable import BeagleMockEngine

/// `beagle-mock import` (Docs/Sessions.md): the files and rules planned from a session's answers,
/// a route that answered differently as a replay in order, and the rules file as YAML the server
/// loads.
@Suite struct ImportPlanTests {
    static let base = "https://bff.example.com"

    /// The plan of `session`'s answers.
    static func plan(_ session: SessionFixture, keepLatency: Bool = false) throws -> ImportPlan {
        let mapping = EntryMapping(base: try ImportBaseURL(flag: base), limit: 1 << 20)
        let answers = try session.entries.enumerated().map { index, entry in
            try mapping.map(entry, index: index, url: EntryURL.parse(entry.request.url)).get()
        }
        return ImportPlan(answers: answers, keepLatency: keepLatency)
    }

    static func text(_ name: String) -> String { #"{"_beagleComponent_":"beagle:text","text":"\#(name)"}"# }

    @Test func answersThatAreAlikeAreOneFileAndNeedNoRule() throws {
        var session = SessionFixture()
        for _ in 0..<3 { session.add("GET", "\(Self.base)/home", body: Self.text("home")) }
        session.add("GET", "\(Self.base)/home", platform: "IOS", body: Self.text("home ios"))
        session.add("POST", "\(Self.base)/cart", body: #"{"cartId":"1"}"#)
        let plan = try Self.plan(session)
        // A route's platform variants come first, as their rules do.
        #expect(plan.files.map(\.relativePath) == ["home.ios.json", "home.json", "cart.post.json"])
        #expect(plan.files.map(\.source) == [3, 0, 4])
        #expect(plan.rules.isEmpty)
    }

    @Test func aStatusOrAKeptHeaderIsARuleNamingTheFile() throws {
        var session = SessionFixture()
        session.add("GET", "\(Self.base)/status", status: 503, body: #"{"error":"down"}"#, headers: [("Retry-After", "30")])
        session.add(
            "POST", "\(Self.base)/orders", status: 201, body: #"{"id":7}"#, headers: [("Location", "\(Self.base)/orders/7")])
        let plan = try Self.plan(session)
        #expect(
            plan.rules.map(\.summary) == [
                "/status GET: status.json, status 503, Retry-After: 30",
                "/orders POST: orders.post.json, status 201, Location: /orders/7",
            ])
    }

    @Test func aRouteThatAnsweredDifferentlyReplaysItsAnswersInOrder() throws {
        var session = SessionFixture()
        for body in ["A", "A", "B", "A", "C", "C", "C"] { session.add("GET", "\(Self.base)/feed", body: Self.text(body)) }
        session.add("GET", "\(Self.base)/feed", status: 503, body: Self.text("C"), headers: [("Retry-After", "5")])
        let plan = try Self.plan(session)
        #expect(plan.files.map(\.relativePath) == ["feed.json", "feed.2.json", "feed.3.json"])
        #expect(plan.files.map(\.source) == [0, 2, 4])
        // The run of alike answers at the end is one step: the last repeats anyway. The 503 with the
        // same body is another answer.
        let steps = plan.rules.compactMap(\.step).map { "\($0.state)->\($0.next ?? "-")" }
        #expect(steps == ["start->2", "2->3", "3->4", "4->5", "5->6", "6->7", "7->8", "8->-"])
        #expect(
            plan.rules.map { $0.file ?? "-" } == [
                "feed.json", "feed.json", "feed.2.json", "feed.json", "feed.3.json", "feed.3.json", "feed.3.json", "feed.3.json",
            ])
        #expect(plan.rules.last?.status == 503)
        #expect(Set(plan.rules.compactMap(\.step?.scenario)) == ["GET /feed"])
    }

    @Test func platformVariantsGetRulesOfTheirOwnBeforeThePlainFile() throws {
        var session = SessionFixture()
        session.add("GET", "\(Self.base)/feed", platform: "IOS", body: Self.text("ios 1"))
        session.add("GET", "\(Self.base)/feed", body: Self.text("plain 1"))
        session.add("GET", "\(Self.base)/feed", platform: "ANDROID", body: Self.text("android"))
        session.add("GET", "\(Self.base)/feed", platform: "IOS", body: Self.text("ios 2"))
        session.add("GET", "\(Self.base)/feed", body: Self.text("plain 2"))
        let plan = try Self.plan(session)
        #expect(
            plan.files.map(\.relativePath) == [
                "feed.ios.json", "feed.2.ios.json", "feed.android.json", "feed.json", "feed.2.json",
            ])
        #expect(
            plan.rules.map(\.summary) == [
                "/feed GET IOS: answer 1 of 2, feed.ios.json",
                "/feed GET IOS: answer 2 of 2, feed.2.ios.json",
                "/feed GET ANDROID: as the folder answers (keeps the other rules of the route off this platform)",
                "/feed GET: answer 1 of 2, feed.json",
                "/feed GET: answer 2 of 2, feed.2.json",
            ])
    }

    @Test func keptLatencyIsEachRoutesMedianWait() throws {
        var session = SessionFixture()
        for wait in [100.0, 300, 120] { session.add("GET", "\(Self.base)/home", body: Self.text("home"), wait: wait) }
        session.add("GET", "\(Self.base)/home", platform: "IOS", body: Self.text("home"), wait: 90)
        session.add("GET", "\(Self.base)/fast", body: Self.text("fast"), wait: 0.2)
        session.add("GET", "\(Self.base)/unknown", body: Self.text("?"), wait: -1)
        session.add("GET", "\(Self.base)/status", status: 503, body: Self.text("down"), wait: 40)
        let plan = try Self.plan(session, keepLatency: true)
        #expect(plan.rules.map(\.summary) == ["/home GET: latency 110ms", "/status GET: status.json, status 503, latency 40ms"])
        #expect(try Self.plan(session).rules.count == 1)
        #expect(ImportPlan.medianWait(of: []) == nil)
    }

    @Test func namesTakenAsAFileAndAFolderAreReported() throws {
        var session = SessionFixture()
        session.add("GET", "\(Self.base)/catalog", body: "<html/>", mimeType: "text/html")
        session.add("GET", "\(Self.base)/catalog/item-1", body: Self.text("item"))
        let plan = try Self.plan(session)
        #expect(plan.files.map(\.relativePath) == ["catalog"])
        #expect(
            plan.notImported.map(\.reason.description) == [
                "catalog is a file of the import, and catalog/item-1.json needs it as a folder"
            ])
    }

    @Test func anotherBodyHasANameOfItsOwnNoOtherFileOfTheImportHas() throws {
        var session = SessionFixture()
        session.add("POST", "\(Self.base)/cart", platform: "IOS", body: Self.text("1"))
        session.add("POST", "\(Self.base)/cart", platform: "IOS", body: Self.text("2"))
        session.add("POST", "\(Self.base)/cart.2", platform: "IOS", body: Self.text("a route of that name"))
        session.add("GET", "\(Self.base)/banner.png", body: "a", mimeType: "image/png")
        session.add("GET", "\(Self.base)/banner.png", body: "b", mimeType: "image/png")
        session.add("GET", "\(Self.base)/", body: Self.text("root 1"))
        session.add("GET", "\(Self.base)/", body: Self.text("root 2"))
        let plan = try Self.plan(session)
        #expect(
            plan.files.map(\.relativePath) == [
                "cart.post.ios.json", "cart.2-2.post.ios.json", "cart.2.post.ios.json", "banner.png", "banner.2.png",
                "index.json", "index.2.json",
            ])
    }

    @Test func theRulesFileIsYAMLTheServerLoadsAsPlanned() throws {
        var session = SessionFixture()
        session.add("GET", "\(Self.base)/feed", platform: "IOS", body: Self.text("1"))
        session.add(
            "GET", "\(Self.base)/feed", platform: "IOS", status: 500, body: Self.text("2"), headers: [("Retry-After", "30")])
        session.add("GET", "\(Self.base)/on: off", status: 404, body: Self.text("x"), headers: [("Cache-Control", "no")])
        let plan = try Self.plan(session, keepLatency: true)
        let yaml = try ImportRuleFile.text(rules: plan.rules, comment: "made by a test\nsecond line")
        #expect(yaml.hasPrefix("# made by a test\n# second line\nroutes:\n"))
        #expect(yaml.contains(#"next: "2""#))
        #expect(yaml.contains(#"Retry-After: "30""#))
        #expect(yaml.contains(#"Cache-Control: "no""#))
        let configuration = try ConfigLoader.parse(yaml: yaml)
        #expect(configuration.routes.count == 3)
        let first = configuration.routes[0]
        #expect(first.scenario == RouteScenario(name: "GET /feed IOS", state: "start", next: "2"))
        #expect(first.file == "feed.ios.json")
        let second = configuration.routes[1]
        #expect(second.scenario == RouteScenario(name: "GET /feed IOS", state: "2", next: nil))
        #expect(second.layer.response?.status == 500)
        #expect(second.layer.response?.headers.map(\.value) == ["30"])
        #expect(configuration.routes[2].layer.response?.headers.map(\.value) == ["no"])
    }
}
