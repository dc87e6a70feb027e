import BeagleMock
import Foundation
import MockTestSupport
import Testing

/// `beagle-mock serve` as a user meets it: help, errors and exit codes, banner, signals.
@Suite struct CommandLineTests {
    @Test func helpShowsExamplesAndEveryFlag() async throws {
        let result = try await CommandRunner.run(["serve", "--help"])
        #expect(result.status == 0)
        for flag in [
            "--images", "--host", "--port", "--config", "--no-cors", "--log-format", "--quiet", "Examples:", "BEAGLE_MOCK_PORT",
        ] {
            #expect(result.output.contains(flag), "help lacks \(flag)")
        }
    }

    @Test func versionPrints() async throws {
        let result = try await CommandRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.split(separator: ".").count == 3)
    }

    @Test func missingFolderIsOneLineAndExit1() async throws {
        let result = try await CommandRunner.run(["serve", "/nonexistent/screens", "--port", "0"])
        #expect(result.status == 1)
        #expect(result.error.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
        #expect(result.error.contains("/nonexistent/screens"))
    }

    @Test(arguments: [
        ["serve", "--bogus"], ["serve", "--port", "99999"], ["serve", "--port", "abc"], ["serve", "--log-format", "xml"],
    ])
    func invalidFlagsExit2WithUsage(arguments: [String]) async throws {
        let result = try await CommandRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.error.contains("Usage:"))
    }

    @Test func invalidConfigAtStartExits2WithFileLineColumn() async throws {
        let folder = try TemporaryScreens([
            "screens/home.json": "{}", "screens/beagle-mock.yml": "latency: 80ms\nfaults:\n  - {fault: \"status:999\"}\n",
        ])
        defer { folder.remove() }
        let result = try await CommandRunner.run(["serve", "screens", "--port", "0"], in: folder.root)
        #expect(result.status == 2)
        #expect(result.error.contains("beagle-mock.yml:3:"), "\(result.error)")
        #expect(result.error.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
    }

    @Test func bannerAndRequestLinesShowLatencyAndFaults() async throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}"])
        defer { folder.remove() }
        let command = try CommandRunner.start(
            ["serve", "screens", "--port", "0", "--latency", "20ms", "--fault", "status:503@0.5", "--seed", "7"], in: folder.root)
        #expect(await command.waitForOutput(containing: "Press Ctrl+C"))
        let banner = command.output
        #expect(banner.contains("Seed      7"))
        #expect(banner.contains("Latency   20ms"))
        #expect(banner.contains("status:503@0.5"))
        let port = try #require(Self.port(in: banner))
        _ = try await HTTPProbe.request(port: port, target: "/home", headers: [("X-Mock-Fault", "reset")])
        #expect(await command.waitForOutput(containing: "latency=20ms fault=reset"))
        command.signal(SIGTERM)
        #expect(await command.finish().status == 0)
    }

    @Test func invalidEnvironmentPortExits2() async throws {
        let result = try await CommandRunner.run(["serve"], environment: ["BEAGLE_MOCK_PORT": "eighty"])
        #expect(result.status == 2)
        #expect(result.error.contains("BEAGLE_MOCK_PORT"))
    }

    @Test func portInUseIsOneLineAndExit1() async throws {
        try await withMockServer(files: ["screens/home.json": "{}"]) { server, folder in
            let result = try await CommandRunner.run(["serve", folder.screens, "--port", String(server.port)])
            #expect(result.status == 1)
            #expect(result.error.contains("already in use"))
            #expect(result.error.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
        }
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func servesThenStopsOnSignal(signal: Int32) async throws {
        let folder = try TemporaryScreens(["screens/home.json": #"{"hello":1}"#, "images/a.png": "A"])
        defer { folder.remove() }
        let command = try CommandRunner.start(["serve", "screens", "--port", "0"], in: folder.root)
        #expect(await command.waitForOutput(containing: "Press Ctrl+C"))
        let output = command.output
        #expect(output.contains("1 screen"))
        #expect(output.contains("/images"))
        let port = try #require(Self.port(in: output))
        let response = try #require(try await HTTPProbe.request(port: port, target: "/home"))
        #expect(response.text == #"{"hello":1}"#)
        #expect(await command.waitForOutput(containing: "GET /home 200"))
        command.signal(signal)
        let result = await command.finish(timeout: .seconds(15))
        #expect(result.status == 0)
        #expect(result.output.contains("stopped"))
    }

    @Test func environmentChoosesHostAndPort() async throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}"])
        defer { folder.remove() }
        let command = try CommandRunner.start(
            ["serve", folder.screens, "--quiet"], environment: ["BEAGLE_MOCK_PORT": "0", "BEAGLE_MOCK_HOST": "127.0.0.1"])
        #expect(await command.waitForOutput(containing: "listening on http://127.0.0.1:"))
        command.signal(SIGTERM)
        #expect(await command.finish().status == 0)
    }

    @Test func jsonLogFormatWritesOneObjectPerRequest() async throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}"])
        defer { folder.remove() }
        let command = try CommandRunner.start(["serve", folder.screens, "--port", "0", "--log-format", "json"])
        #expect(await command.waitForOutput(containing: "Press Ctrl+C"))
        let port = try #require(Self.port(in: command.output))
        _ = try await HTTPProbe.request(port: port, target: "/home")
        #expect(await command.waitForOutput(containing: "\"status\":200"))
        command.signal(SIGTERM)
        let result = await command.finish()
        let line = try #require(result.output.split(separator: "\n").first { $0.contains("\"status\":200") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["method"] as? String == "GET")
        #expect(object["path"] as? String == "/home")
        #expect(object["level"] as? String == "info")
    }

    /// The port in the banner's `http://127.0.0.1:PORT`.
    static func port(in output: String) -> Int? {
        guard let range = output.range(of: "http://127.0.0.1:") else { return nil }
        return Int(output[range.upperBound...].prefix { $0.isNumber })
    }
}
