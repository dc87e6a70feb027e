import BeagleMock
import BeagleProbe
import Foundation
import MockTestSupport
import Testing

/// `beagle-mock probe URL --compare DIR` as a user runs it: the report in text and JSON, and
/// the exit codes: 0 when the BFF and the folder agree, 1 when they differ, 2 when the folder
/// or the BFF cannot be compared, in one line on standard error.
/// One at a time: each test runs servers and `beagle-mock` processes beside the rest of the suite.
@Suite(.serialized) struct ProbeCompareCommandTests {
    @Test func theDriftIsPrintedForPeopleGroupedByRouteAndExitsOne() async throws {
        let mock = try TemporaryScreens(DriftFolders.mock)
        defer { mock.remove() }
        let run = try await withMockServer(files: DriftFolders.bff) { server, _ in
            try await CommandRunner.run(["probe", server.baseURL + "/home", "--compare", mock.screens])
        }
        #expect(run.status == 1, "\(run.output)\(run.error)")
        #expect(run.error.isEmpty, "\(run.error)")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let onlyOnBFF = try #require(
            lines.firstIndex { $0.hasPrefix("Only on the BFF (no file in \(mock.screens) answers them)") })
        #expect(lines[onlyOnBFF + 1] == "  screen  /offers  (from /home)")
        let onlyInFolder = try #require(lines.firstIndex { $0 == "Only in the folder (the BFF answered 404):" })
        #expect(lines[onlyInFolder + 1] == "  screen  /promo  promo.json  (from /home)")
        let home = try #require(lines.firstIndex { $0 == "/home (IOS, home.json): 4 differences" })
        #expect(onlyOnBFF < onlyInFolder && onlyInFolder < home)
        #expect(
            Array(lines[(home + 1)...(home + 8)]) == [
                "  component removed: beagle:text in the folder, not on the BFF",
                "      folder /child/children/1",
                #"  navigation changed: "/catalog" on the BFF, "/profile" in the folder"#,
                "      BFF /child/children/2/onPress/0/route/url  ·  folder /child/children/3/onPress/0/route/url",
                #"  image changed: "/images/hero-v2.png" on the BFF, "/images/hero.png" in the folder"#,
                "      BFF /child/children/1/path/url  ·  folder /child/children/2/path/url",
                #"  text changed: "Hello" on the BFF, "Welcome" in the folder"#,
                "      BFF /child/children/0/text  ·  folder /child/children/0/text",
            ])
        #expect(lines.contains("Same on both sides: /catalog, /profile"))
        let notReached = try #require(lines.firstIndex { $0 == "Not reached by the crawl (in the folder, not compared):" })
        #expect(lines[notReached + 1] == "  /legacy  legacy.json")
        let notCompared = try #require(lines.firstIndex { $0 == "Not compared:" })
        #expect(lines[notCompared + 1].hasPrefix("  /product/42  product/[id].json is a template"))
        let summary = try #require(lines.last { !$0.isEmpty })
        #expect(summary.hasPrefix("3 routes compared for IOS between http://127.0.0.1:"))
        #expect(
            summary.hasSuffix(
                ": 1 differ (4 differences); 1 only on the BFF, 1 only in the folder; 1 not reached, 1 not compared"))
    }

    @Test func theJSONReportHasEveryDifferenceWithBothPointers() async throws {
        let mock = try TemporaryScreens(DriftFolders.mock)
        defer { mock.remove() }
        let run = try await withMockServer(files: DriftFolders.bff) { server, _ in
            try await CommandRunner.run(["probe", server.baseURL + "/home", "--compare", mock.screens, "--format", "json"])
        }
        #expect(run.status == 1, "\(run.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(object["folder"] as? String == mock.screens)
        #expect(object["platform"] as? String == "IOS")
        let routes = try #require(object["routes"] as? [[String: Any]])
        #expect(routes.map { $0["route"] as? String } == ["/home", "/catalog", "/profile"])
        #expect(routes[0]["file"] as? String == "home.json")
        #expect(routes[0]["status"] as? Int == 200)
        let differences = try #require(routes[0]["differences"] as? [[String: Any]])
        #expect(differences.compactMap { ScreenDifferenceLine(json: $0).map(DriftFolders.line) } == DriftFolders.homeDifferences)
        // A side the difference does not have is null.
        #expect(differences[0]["bff"] is NSNull)
        #expect((routes[1]["differences"] as? [Any])?.isEmpty == true)
        let onlyOnBFF = try #require(object["onlyOnBFF"] as? [[String: Any]])
        #expect(onlyOnBFF.map { $0["route"] as? String } == ["/offers"])
        let onlyInFolder = try #require(object["onlyInFolder"] as? [[String: Any]])
        #expect(onlyInFolder.map { $0["file"] as? String } == ["promo.json"])
        let notReached = try #require(object["notReached"] as? [[String: Any]])
        #expect(notReached.map { $0["route"] as? String } == ["/legacy"])
        let notCompared = try #require(object["notCompared"] as? [[String: Any]])
        #expect(notCompared.map { $0["file"] as? String } == ["product/[id].json"])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["agree"] as? Bool == false)
        #expect(summary["compared"] as? Int == 3)
        #expect(summary["differ"] as? Int == 1)
        #expect(summary["differences"] as? Int == 4)
        #expect(summary["failedOnBFF"] as? Int == 0)
    }

    @Test func aSnapshotSavedByTheProbeAgreesWithItsServerAndExitsZero() async throws {
        let snapshot = FileManager.default.temporaryDirectory.appendingPathComponent("probe-compare-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: snapshot) }
        let (saved, compared, json) = try await withMockServer(files: DriftFolders.bff) { server, _ in
            let saved = try await CommandRunner.run(["probe", server.baseURL + "/home", "--save", snapshot.path])
            let compared = try await CommandRunner.run([
                "probe", server.baseURL + "/home", "--compare", snapshot.path + "/screens",
            ])
            let json = try await CommandRunner.run([
                "probe", server.baseURL + "/home", "--compare", snapshot.path + "/screens", "--format", "json",
            ])
            return (saved, compared, json)
        }
        // The BFF's own home links to /promo, which it lacks, and to an image it lacks: the probe fails.
        #expect(saved.status == 1, "\(saved.output)")
        #expect(compared.status == 0, "\(compared.output)\(compared.error)")
        #expect(compared.error.isEmpty)
        #expect(compared.output.hasPrefix("Same on both sides: /home, /catalog, /profile, /offers, /product/42\n"))
        #expect(compared.output.hasSuffix(": they agree\n"))
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect((object["summary"] as? [String: Any])?["agree"] as? Bool == true)
    }

    @Test func aFolderRecordedThroughTheProxyAgreesWithTheBFFAndExitsZero() async throws {
        let recorded = try TemporaryScreens()
        defer { recorded.remove() }
        let log = LogCapture()
        let run = try await withMockServer(files: DriftFolders.bff) { bff, _ in
            let upstream = try UpstreamURL(bff.baseURL)
            var configuration = MockServerConfiguration(screensDirectory: recorded.screens)
            configuration.flags.upstream = upstream
            configuration.flags.record = .keep
            configuration.logger = log.logger
            try await withMockServer(configuration) { proxy in
                let crawl = await ProbeCrawler(configuration: try ProbeConfiguration(startURL: proxy.baseURL + "/home")).run()
                let screens = crawl.results.filter { $0.kind != .image && $0.status == 200 }.map(\.route)
                #expect(screens.count == 5)
                // The recording is written as each answer ends: wait for the log to say so.
                let written = await log.wait { entries in
                    screens.allSatisfy { route in entries.contains { $0.message.hasPrefix("recorded GET \(route) as ") } }
                }
                #expect(written)
            }
            return try await CommandRunner.run(["probe", bff.baseURL + "/home", "--compare", recorded.screens])
        }
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.output.hasSuffix(": they agree\n"))
        #expect(FileManager.default.fileExists(atPath: recorded.screens + "/home.ios.json"))
    }

    @Test func aFolderThatDoesNotExistIsOneLineOnStandardErrorAndExitsTwo() async throws {
        let missing = FileManager.default.temporaryDirectory.path + "/no-such-screens-" + UUID().uuidString
        let run = try await CommandRunner.run(["probe", "http://127.0.0.1:1/home", "--compare", missing])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.error == "beagle-mock: cannot compare: screens folder '\(missing)' does not exist\n")
    }

    @Test func aBFFThatCannotBeReachedIsOneLineOnStandardErrorAndExitsTwo() async throws {
        let mock = try TemporaryScreens(DriftFolders.mock)
        defer { mock.remove() }
        // A port that was just free: the server that had it has stopped.
        let port = try await withMockServer(files: [:]) { server, _ in server.port }
        let run = try await CommandRunner.run([
            "probe", "http://127.0.0.1:\(port)/home", "--compare", mock.screens, "--timeout", "5s",
        ])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        let lines = run.error.split(separator: "\n")
        #expect(lines.count == 1, "\(run.error)")
        #expect(run.error.hasPrefix("beagle-mock: cannot compare: http://127.0.0.1:\(port) did not answer /home (cannot connect"))
    }

    @Test func aRouteTheBFFFailsMakesTheComparisonIncompleteAndExitsTwo() async throws {
        let mock = try TemporaryScreens(DriftFolders.mock)
        defer { mock.remove() }
        let files = ["screens/home.json": ScreenJSON.screen(ScreenJSON.link("/catalog?__fault=status:503"))]
        let run = try await withMockServer(files: files) { server, _ in
            try await CommandRunner.run(["probe", server.baseURL + "/home", "--compare", mock.screens])
        }
        #expect(run.status == 2)
        #expect(run.error.split(separator: "\n").count == 1, "\(run.error)")
        #expect(
            run.error.hasSuffix("failed on 1 route: /catalog?__fault=status:503 (HTTP 503)\n"), "\(run.error)")
        #expect(run.output.contains("Not compared, the BFF failed:\n  /catalog?__fault=status:503  HTTP 503\n"))
    }

    @Test func saveAndCompareTogetherAreAUsageError() async throws {
        let run = try await CommandRunner.run([
            "probe", "http://127.0.0.1:1/home", "--compare", "screens", "--save", "snapshot",
        ])
        #expect(run.status == 2)
        #expect(run.error.contains("--save and --compare go in separate runs"))
    }
}
