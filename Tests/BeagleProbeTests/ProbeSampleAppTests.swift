import BeagleMock
import BeagleProbe
import BeagleScreens
import Foundation
import MockTestSupport
import Testing

/// The probe against a live mock serving the bundled sample app: in process through the
/// library, and as a user runs `beagle-mock probe`.
/// One at a time: each test runs servers and `beagle-mock` processes beside the rest of the suite.
@Suite(.serialized) struct ProbeSampleAppTests {
    func withSampleServer<T>(_ body: (RunningMockServer) async throws -> T) async throws -> T {
        try await withMockServer(MockServerConfiguration(screensDirectory: SampleApp.screens.path), body)
    }

    @Test func reachesEveryScreenAndImageReachableFromHome() async throws {
        let expected = try SampleApp.reachable()
        #expect(expected.screens.count > 5)
        #expect(expected.images.count > 5)
        let report = try await withSampleServer { server in
            let configuration = try ProbeConfiguration(startURL: server.baseURL + "/home", depth: 100)
            return await ProbeCrawler(configuration: configuration).run()
        }
        #expect(Set(report.results.filter { $0.kind != .image }.map(\.route)) == Set(expected.screens.keys))
        #expect(Set(report.results.filter { $0.kind == .image }.map(\.route)) == Set(expected.images.keys))
        for result in report.results {
            #expect(result.problems.isEmpty, "\(result.route): \(result.problems)")
            #expect(result.status == 200)
            let distance = result.kind == .image ? expected.images[result.route] : expected.screens[result.route]
            #expect(result.depth == distance, "\(result.route)")
        }
        #expect(!report.failed)
        #expect(report.notFollowed.allSatisfy { $0.reason != .beyondDepth(100) })
    }

    @Test func sendsThePlatformAndGetsThatPlatformsScreens() async throws {
        let report = try await withSampleServer { server in
            let configuration = try ProbeConfiguration(startURL: server.baseURL + "/home", depth: 1, platform: .android)
            return await ProbeCrawler(configuration: configuration).run()
        }
        let home = try #require(report.results.first { $0.route == "/home" })
        #expect(home.body == (try Data(contentsOf: SampleApp.screens.appendingPathComponent("home.android.json"))))
        // The profile screen has beaglePlatform wrappers, filtered by the mock for ANDROID.
        let profile = try #require(report.results.first { $0.route == "/profile" })
        let file = try Data(contentsOf: SampleApp.screens.appendingPathComponent("profile/index.json"))
        #expect(PlatformFilter.mayContainWrapper(file))
        #expect(profile.body == PlatformFilter(platform: .android).filter(file))
    }

    @Test func theCommandPrintsATableAndPlainProgressLinesWhenNotOnATerminal() async throws {
        let expected = try SampleApp.reachable()
        let depth = ProbeConfiguration.defaultDepth
        let withinDepth = expected.screens.filter { $0.value <= depth }
        let imagesWithinDepth = expected.images.filter { $0.value <= depth }
        let run = try await withSampleServer { server in
            try await CommandRunner.run(["probe", server.baseURL + "/home"])
        }
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("KIND    ROUTE") == true)
        let rows = lines.dropFirst().prefix { !$0.isEmpty }
        #expect(rows.count == withinDepth.count + imagesWithinDepth.count)
        for route in withinDepth.keys.sorted() + imagesWithinDepth.keys.sorted() {
            #expect(rows.contains { $0.split(separator: " ").dropFirst().first.map(String.init) == route }, "\(route)")
        }
        #expect(rows.allSatisfy { $0.contains(" 200 ") && $0.hasSuffix("  -") })
        let beyond = expected.screens.filter { $0.value > depth }
        #expect(run.output.contains("Not followed:") == !beyond.isEmpty)
        let summary = try #require(lines.last { !$0.isEmpty })
        let lazy = rows.count { $0.hasPrefix("lazy ") }
        #expect(lazy > 0)
        #expect(
            summary.hasPrefix(
                "\(withinDepth.count - lazy) screens, \(lazy) lazy component\(lazy == 1 ? "" : "s") and \(imagesWithinDepth.count) images from http://127.0.0.1:"
            ))
        #expect(summary.contains("(IOS, depth 3)"))
        #expect(summary.contains(": all OK"))
        // Progress: one plain line per fetch on standard error, no carriage returns or escapes.
        let progress = run.error.split(separator: "\n").map(String.init)
        #expect(progress.count == rows.count)
        #expect(!run.error.contains("\r") && !run.error.contains("\u{1B}"))
        #expect(progress.allSatisfy { $0.hasPrefix("[") && $0.contains("] GET /") && $0.contains(" 200 ") })
        #expect(progress.last?.hasPrefix("[\(rows.count)/\(rows.count)] GET ") == true)
    }

    @Test func theJSONFormatIsOneObjectWithResultsAndASummary() async throws {
        let run = try await withSampleServer { server in
            try await CommandRunner.run(["probe", server.baseURL + "/home", "--format", "json", "--depth", "1"])
        }
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(object["platform"] as? String == "IOS")
        #expect(object["depth"] as? Int == 1)
        #expect(object["start"] as? String == "/home")
        let results = try #require(object["results"] as? [[String: Any]])
        let first = try #require(results.first)
        #expect(first["route"] as? String == "/home")
        #expect(first["status"] as? Int == 200)
        #expect(first["ok"] as? Bool == true)
        #expect((first["bytes"] as? Int ?? 0) > 0)
        #expect(first["kind"] as? String == "screen")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["ok"] as? Bool == true)
        #expect(summary["failed"] as? Int == 0)
        #expect(
            (summary["screens"] as? Int ?? 0) + (summary["lazyComponents"] as? Int ?? 0) + (summary["images"] as? Int ?? 0)
                == results.count)
        #expect(summary["lazyComponents"] as? Int == 1)
        #expect(run.output.contains(#""problems" : [],"#))
        let notFollowed = try #require(object["notFollowed"] as? [[String: Any]])
        #expect(notFollowed.allSatisfy { $0["reason"] as? String == "depth" })
    }

    @Test func usageErrorsExitWithTwo() async throws {
        for arguments in [
            ["probe", "localhost:8080/home"],
            ["probe", "http://127.0.0.1:8080/home", "--depth", "-1"],
            ["probe", "http://127.0.0.1:8080/home", "--header", "no colon"],
            ["probe", "http://127.0.0.1:8080/home", "--header", "beagle-platform: WEB"],
            ["probe", "http://127.0.0.1:8080/home", "--platform", "MAC"],
            ["probe", "http://127.0.0.1:8080/home", "--timeout", "0"],
            ["probe", "http://127.0.0.1:8080/home", "--timeout", "10"],
            ["probe"],
        ] {
            let run = try await CommandRunner.run(arguments)
            #expect(run.status == 2, "\(arguments): \(run.error)")
            #expect(run.output.isEmpty)
        }
    }
}
