import BeagleMock
import Foundation
import MockTestSupport
import Testing

/// `beagle-mock probe URL --compare DIR --tries N`: each compared route fetched N times from the
/// BFF, the fetches after the crawl's timed, their p50 and p95 set beside the latency rule `serve
/// DIR` applies to the route; a rule the BFF's p95 falls outside of is a drift (exit 1), a slow
/// BFF where the folder sets no latency is only said. The BFF here is a mock with a latency of
/// its own; the folder's rules are read, never waited for.
/// One at a time: each test runs servers and `beagle-mock` processes beside the rest of the suite.
@Suite(.serialized) struct ProbeCompareLatencyTests {
    /// The screens both sides serve, with `config` as the folder's `beagle-mock.yml`.
    static func screens(config: String? = nil) -> [String: String] {
        ProbeCompareHeadTests.screens.merging(config.map { ["screens/beagle-mock.yml": $0] } ?? [:]) { $1 }
    }

    /// A BFF that waits 120 ms before every answer.
    static let slowBFF = screens(config: "latency: 120ms\n")

    /// The latency table in `output`: by route, the cells after it (`p50 …`, `p95 …`, the rule,
    /// the verdict).
    static func latencyRows(_ output: String) throws -> [String: [String]] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let title = try #require(lines.firstIndex { $0.hasPrefix("Latency of the BFF over ") })
        var rows: [String: [String]] = [:]
        for line in lines[(title + 1)...] {
            guard line.hasPrefix("  ") else { break }
            let cells = line.dropFirst(2).components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            rows[cells[0]] = Array(cells.dropFirst())
        }
        return rows
    }

    /// The GETs of `/home` that `server` journaled.
    static func homeFetches(_ server: RunningMockServer) async throws -> Int {
        let response = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/requests?path=/home"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let requests = try #require(object["requests"] as? [[String: Any]])
        return requests.filter { $0["path"] as? String == "/home" && $0["method"] as? String == "GET" }.count
    }

    @Test func aBFFSlowerOrFasterThanTheFoldersRuleIsADriftAndExitsOne() async throws {
        let folder = Self.screens(
            config: """
                latency: 10ms
                routes:
                  - path: /catalog
                    latency: 40ms..400ms
                  - path: /profile
                    latency: 2s
                """)
        let (run, homeFetches) = try await CompareRun.run(
            bff: Self.slowBFF, folder: folder, ["--tries", "3"], inspect: Self.homeFetches)
        #expect(run.status == 1, "\(run.output)\(run.error)")
        #expect(run.error.isEmpty, "\(run.error)")
        // The crawl's fetch, then two timed.
        #expect(homeFetches == 3)
        #expect(run.output.contains("Same on both sides: /home, /catalog, /profile\n"))
        #expect(run.output.contains("\nLatency of the BFF over 2 timed fetches each, beside the folder's rule:\n"))
        let rows = try Self.latencyRows(run.output)
        #expect(rows["/home"]?.suffix(2) == ["rule 10ms", "the BFF is slower than the rule"], "\(rows)")
        #expect(rows["/catalog"]?.suffix(2) == ["rule 40ms..400ms", "within the rule"], "\(rows)")
        #expect(rows["/profile"]?.suffix(2) == ["rule 2s", "the BFF is faster than the rule"], "\(rows)")
        #expect(rows["/home"]?.first?.hasPrefix("p50 ") == true, "\(rows)")
        #expect(rows["/home"]?.dropFirst().first?.hasPrefix("p95 ") == true, "\(rows)")
        #expect(run.output.hasSuffix(": 2 outside their latency rule\n"), "\(run.output)")
    }

    @Test func theJSONReportHasEachRoutesPercentilesBesideItsRule() async throws {
        let folder = Self.screens(config: "routes:\n  - {path: /catalog, latency: 10ms}\n")
        let run = try await CompareRun.run(bff: Self.slowBFF, folder: folder, ["--tries", "3", "--format", "json"])
        #expect(run.status == 1, "\(run.error)")
        let (object, routes) = try CompareRun.report(run)
        #expect(object["tries"] as? Int == 3)
        var latencies: [String: [String: Any]] = [:]
        for route in routes {
            latencies[try #require(route["route"] as? String)] = try #require(route["latency"] as? [String: Any])
        }
        let catalog = try #require(latencies["/catalog"])
        #expect(catalog["fetches"] as? Int == 2)
        #expect((catalog["failures"] as? [Any])?.isEmpty == true)
        #expect(catalog["rule"] as? String == "10ms")
        #expect(catalog["ruleRangeMs"] as? [Double] == [10, 10])
        #expect(catalog["toleranceMs"] as? Double == 10)
        #expect(catalog["verdict"] as? String == "slower")
        let p50 = try #require(catalog["p50Ms"] as? Double)
        let p95 = try #require(catalog["p95Ms"] as? Double)
        #expect(p50 >= 120 && p95 >= p50)
        let home = try #require(latencies["/home"])
        #expect(home["rule"] is NSNull)
        #expect(home["ruleRangeMs"] is NSNull)
        #expect(home["toleranceMs"] is NSNull)
        #expect(home["verdict"] as? String == "slowerWithoutRule")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["outsideLatencyRule"] as? Int == 1)
        #expect(summary["differ"] as? Int == 0)
        #expect(summary["agree"] as? Bool == false)
    }

    @Test func aSlowBFFWhereTheFolderSetsNoLatencyIsSaidAndExitsZero() async throws {
        let run = try await CompareRun.run(bff: Self.slowBFF, folder: Self.screens(), ["--tries", "2"])
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.output.contains("\nLatency of the BFF over 1 timed fetch each, beside the folder's rule:\n"))
        let rows = try Self.latencyRows(run.output)
        #expect(rows.count == 3)
        let said = ["no rule", "the mock answers at once; the BFF takes over 100 ms (not a drift)"]
        #expect(rows.values.allSatisfy { $0.suffix(2) == said }, "\(rows)")
        #expect(run.output.hasSuffix(": they agree\n"))
    }

    @Test func aBFFWithinTheFoldersRuleAgreesAndExitsZero() async throws {
        let run = try await CompareRun.run(
            bff: Self.screens(), folder: Self.screens(config: "latency: 0ms..500ms\n"), [])
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.output.hasPrefix("Same on both sides: /home, /catalog, /profile\n"))
        // The default is 5 tries: the crawl's and 4 timed.
        #expect(run.output.contains("\nLatency of the BFF over 4 timed fetches each, beside the folder's rule:\n"))
        let rows = try Self.latencyRows(run.output)
        #expect(rows.count == 3)
        #expect(rows.values.allSatisfy { $0.suffix(2) == ["rule 0ms..500ms", "within the rule"] }, "\(rows)")
        #expect(run.output.hasSuffix(": they agree\n"))
    }

    @Test func oneTryFetchesEachRouteOnceAndTimesNothing() async throws {
        let (run, homeFetches) = try await CompareRun.run(
            bff: Self.slowBFF, folder: Self.screens(config: "latency: 10ms\n"), ["--tries", "1"],
            inspect: Self.homeFetches)
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(homeFetches == 1)
        #expect(!run.output.contains("Latency"))
        #expect(run.output.hasSuffix(": they agree\n"))
    }

    @Test(arguments: [
        (["--compare", "screens", "--tries", "0"], "--tries must be from 1 (no timing) to 100, like 5"),
        (["--compare", "screens", "--tries", "101"], "--tries must be from 1 (no timing) to 100, like 5"),
        (["--tries", "3"], "--tries times the routes --compare compares; add --compare DIR"),
    ])
    func triesOutOfRangeOrWithoutCompareAreAUsageError(arguments: [String], message: String) async throws {
        let run = try await CommandRunner.run(["probe", "http://127.0.0.1:1/home"] + arguments)
        #expect(run.status == 2)
        #expect(run.error.contains(message), "\(run.error)")
    }
}
