import BeagleMock
import Foundation
import MockTestSupport
import Testing

/// `beagle-mock probe` against a mock injecting faults. The probe runs as a separate process:
/// URLSession on Linux can kill the process that meets a dropped connection
/// (swift-corelibs-foundation #5285), and that must not be the test runner.
/// One at a time: each test runs a server and `beagle-mock` processes, and the whole test
/// suite shares two cores with them.
@Suite(.serialized) struct ProbeFaultTests {
    /// Runs `beagle-mock probe` with `arguments` against the sample app served with `config`.
    func probe(config: String? = nil, _ arguments: (String) -> [String]) async throws -> CommandRunner.Result {
        let folder = try TemporaryScreens()
        defer { folder.remove() }
        var configuration = MockServerConfiguration(screensDirectory: SampleApp.screens.path)
        if let config {
            try folder.write("beagle-mock.yml", config)
            configuration.configFile = folder.root + "/beagle-mock.yml"
        }
        return try await withMockServer(configuration) { server in
            try await CommandRunner.run(["probe"] + arguments(server.baseURL))
        }
    }

    /// The table row for `route`.
    func row(_ run: CommandRunner.Result, _ route: String) -> String? {
        run.output.split(separator: "\n").map(String.init).first {
            $0.split(separator: " ").dropFirst().first == Substring(route)
        }
    }

    @Test func faultyRoutesAndImagesAreReportedAndExitWithOne() async throws {
        let config = """
            seed: 7
            routes:
              - path: /catalog
                faults: [{fault: "status:503"}]
              - path: /profile
                faults: [{fault: malformed-json}]
              - path: /images/hero/banner.png
                faults: [{fault: reset}]
              - path: /images/promos/brew-class.png
                faults: [{fault: corrupt}]
            """
        let run = try await probe(config: config) { ["\($0)/home"] }
        #expect(run.status == 1, "\(run.error)")
        let catalog = try #require(row(run, "/catalog"))
        #expect(catalog.contains(" 503 "))
        #expect(catalog.hasSuffix("  HTTP 503"))
        let profile = try #require(row(run, "/profile"))
        #expect(profile.contains(" 200 "))
        #expect(profile.contains("  not valid JSON at "))
        let banner = try #require(row(run, "/images/hero/banner.png"))
        #expect(banner.hasSuffix("  connection reset"))
        let brewClass = try #require(row(run, "/images/promos/brew-class.png"))
        #expect(brewClass.contains("  not an image: the bytes are none of PNG, JPEG"))
        #expect(try #require(row(run, "/home")).hasSuffix("  -"))
        #expect(run.output.contains(": 4 failed"))
        #expect(run.error.contains("GET /catalog 503 "))
    }

    @Test func transportFaultsAreSaidInWords() async throws {
        let cases: [(fault: String, words: String)] = [
            ("empty-response", "empty response: the server closed the connection without a byte"),
            ("garbage", "malformed response: not valid HTTP"),
            ("truncate", "truncated response: the connection closed before the body was complete"),
            ("reset", "connection reset"),
            ("hang", "timeout: no complete response within 1 s"),
        ]
        for (fault, words) in cases {
            // Only the hang waits for the deadline; the others get a generous one on a busy machine.
            let timeout = fault == "hang" ? "1s" : "20s"
            let run = try await probe { ["\($0)/home?__fault=\(fault)", "--timeout", timeout] }
            #expect(run.status == 1, "\(fault): \(run.error)")
            let home = try #require(row(run, "/home?__fault=\(fault)"), "\(fault): \(run.output)")
            #expect(home.hasSuffix("  " + words), "\(fault): \(home)")
            #expect(run.output.contains("1 screen and 0 images"))
        }
    }

    @Test func headersGoWithEveryRequest() async throws {
        // The mock's own control header, sent by --header, makes every request fail.
        let run = try await probe { ["\($0)/home", "--header", "X-Mock-Fault: status:418"] }
        #expect(run.status == 1)
        #expect(try #require(row(run, "/home")).hasSuffix("  HTTP 418"))
    }
}

/// `probe` against an HTTPS BFF whose CA this system does not trust: the mock's own local CA.
@Suite struct ProbeTrustTests {
    @Test func anUntrustedCASaysHowToTrustItInOneLine() async throws {
        let folder = try TemporaryScreens()
        defer { folder.remove() }
        var configuration = MockServerConfiguration(screensDirectory: SampleApp.screens.path)
        configuration.tls = TLSSettings(port: 0, directory: folder.root + "/tls")
        let run = try await withMockServer(configuration) { server in
            try await CommandRunner.run(["probe", "\(try #require(server.tlsBaseURL))/home"])
        }
        #expect(run.status == 1)
        let home = try #require(run.output.split(separator: "\n").first { $0.contains(" /home ") })
        #expect(home.contains("certificate not trusted ("), "\(home)")
        #expect(home.contains("update-ca-certificates"), "\(home)")
    }
}
