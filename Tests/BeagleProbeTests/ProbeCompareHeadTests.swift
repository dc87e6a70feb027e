import BeagleMock
import Foundation
import MockTestSupport
import Testing

/// `beagle-mock probe URL --compare DIR` on the heads of the answers: a status, a media type or
/// a cache header the BFF sends otherwise than `serve DIR` does is a difference of the route,
/// in the text and JSON reports, and exits 1; what means the same (a charset, the order of
/// directives) is not.
/// One at a time: each test runs servers and `beagle-mock` processes beside the rest of the suite.
@Suite(.serialized) struct ProbeCompareHeadTests {
    /// The screens both sides serve: `/home` links to `/catalog` and `/profile`.
    static let screens = [
        "screens/home.json": ScreenJSON.screen(ScreenJSON.text("Home"), ScreenJSON.link("/catalog"), ScreenJSON.link("/profile")),
        "screens/catalog.json": ScreenJSON.screen(ScreenJSON.text("Catalog")),
        "screens/profile.json": ScreenJSON.screen(ScreenJSON.text("Me")),
    ]

    /// A BFF whose rules answer `/home` with 202, `/catalog` with another media type and
    /// `/profile` with a cache lifetime, where the folder's files answer 200, JSON, `no-cache`.
    static let bff = screens.merging([
        "screens/beagle-mock.yml": """
        routes:
          - path: /home
            file: home.json
            response: {status: 202}
          - path: /catalog
            file: catalog.json
            response: {headers: {Content-Type: application/vnd.beagle+json}}
          - path: /profile
            file: profile.json
            response: {headers: {Cache-Control: "public, max-age=300"}}
        """
    ]) { $1 }

    @Test func aStatusAMediaTypeAndACacheHeaderThatDifferArePrintedPerRouteAndExitOne() async throws {
        let run = try await CompareRun.run(bff: Self.bff, folder: Self.screens, ["--tries", "1"])
        #expect(run.status == 1, "\(run.output)\(run.error)")
        #expect(run.error.isEmpty, "\(run.error)")
        #expect(
            run.output.hasPrefix(
                """
                /home (IOS, home.json): 1 difference
                  status changed: 202 on the BFF, 200 in the folder

                /catalog (IOS, catalog.json): 1 difference
                  Content-Type changed: "application/vnd.beagle+json" on the BFF, "application/json; charset=utf-8" in the folder

                /profile (IOS, profile.json): 1 difference
                  Cache-Control changed: "public, max-age=300" on the BFF, "no-cache" in the folder


                """), "\(run.output)")
        #expect(run.output.hasSuffix(": 3 differ (3 differences)\n"), "\(run.output)")
        #expect(!run.output.contains("Latency"))
    }

    @Test func theJSONReportHasEachHeadDifferenceWithBothValues() async throws {
        let run = try await CompareRun.run(bff: Self.bff, folder: Self.screens, ["--tries", "1", "--format", "json"])
        #expect(run.status == 1, "\(run.error)")
        let (object, routes) = try CompareRun.report(run)
        #expect(object["tries"] as? Int == 1)
        #expect(routes.map { $0["route"] as? String } == ["/home", "/catalog", "/profile"])
        #expect(routes.map { $0["status"] as? Int } == [202, 200, 200])
        #expect(routes.map { $0["folderStatus"] as? Int } == [200, 200, 200])
        let heads = try routes.map { try #require($0["head"] as? [[String: Any]]) }
        func line(_ item: [String: Any]) -> String {
            ["field", "change", "bff", "folder"].map { item[$0] as? String ?? "null" }.joined(separator: " | ")
        }
        #expect(
            heads.map { $0.map(line) } == [
                ["status | changed | 202 | 200"],
                ["content-type | changed | application/vnd.beagle+json | application/json; charset=utf-8"],
                ["cache-control | changed | public, max-age=300 | no-cache"],
            ])
        #expect(routes.allSatisfy { ($0["differences"] as? [Any])?.isEmpty == true })
        #expect(routes.allSatisfy { $0["latency"] is NSNull })
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["differ"] as? Int == 3)
        #expect(summary["differences"] as? Int == 3)
        #expect(summary["agree"] as? Bool == false)
    }

    @Test func headsThatMeanTheSameAgreeAndExitZero() async throws {
        // Another spelling of the folder's own head: no charset, directives in capitals.
        let bff = Self.screens.merging([
            "screens/beagle-mock.yml": """
            routes:
              - path: /home
                file: home.json
                response: {headers: {Content-Type: Application/JSON, Cache-Control: No-Cache}}
            """
        ]) { $1 }
        let run = try await CompareRun.run(bff: bff, folder: Self.screens, ["--tries", "1"])
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.output.hasPrefix("Same on both sides: /home, /catalog, /profile\n"), "\(run.output)")
        #expect(run.output.hasSuffix(": they agree\n"))
    }

    @Test func aConfigThatDoesNotLoadIsOneLineOnStandardErrorAndExitsTwo() async throws {
        let folder = try TemporaryScreens(Self.screens.merging(["screens/beagle-mock.yml": "bogus: 1\n"]) { $1 })
        defer { folder.remove() }
        let run = try await CommandRunner.run(["probe", "http://127.0.0.1:1/home", "--compare", folder.screens])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("beagle-mock: cannot compare: "), "\(run.error)")
        #expect(run.error.contains("beagle-mock.yml:1:1: "), "\(run.error)")
        #expect(run.error.split(separator: "\n").count == 1, "\(run.error)")
    }
}
