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
            "--echo", "--admin-token", "--journal-size", "BEAGLE_MOCK_ADMIN_TOKEN", "/__admin/requests", "/__echo",
            "--body-timeout",
        ] {
            #expect(result.output.contains(flag), "help lacks \(flag)")
        }
    }

    @Test func versionPrints() async throws {
        let result = try await CommandRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.split(separator: ".").count == 3)
    }

    /// The shell completion scripts of Docs/Installing.md: every command, and the values of a flag
    /// that takes one of a list (bash lists them only through the flag's completion).
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptCoversEveryCommand(shell: String) async throws {
        let result = try await CommandRunner.run(["--generate-completion-script", shell])
        #expect(result.status == 0)
        // fish names a flag without its dashes (`-l 'images'`).
        for word in ["serve", "validate", "probe", "schema", "health", "ca", "images", "compare", "lossy-wifi"] {
            #expect(result.output.contains(word), "the \(shell) script lacks \(word)")
        }
    }

    @Test func missingFolderIsOneLineAndExit1() async throws {
        let result = try await CommandRunner.run(["serve", "/nonexistent/screens", "--port", "0"])
        #expect(result.status == 1)
        #expect(result.error.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
        #expect(result.error.contains("/nonexistent/screens"))
    }

    @Test(arguments: [
        ["serve", "--bogus"], ["serve", "--port", "99999"], ["serve", "--port", "abc"], ["serve", "--log-format", "xml"],
        ["serve", "--journal-size", "0"], ["serve", "--journal-size", "many"], ["serve", "--journal-size", "100001"],
        ["serve", "--body-timeout", "0"], ["serve", "--body-timeout", "soon"], ["serve", "--body-timeout", "30"],
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
        let command = try await CommandRunner.start(
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
        let command = try await CommandRunner.start(["serve", "screens", "--port", "0"], in: folder.root)
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
        let command = try await CommandRunner.start(
            ["serve", folder.screens, "--quiet"], environment: ["BEAGLE_MOCK_PORT": "0", "BEAGLE_MOCK_HOST": "127.0.0.1"])
        #expect(await command.waitForOutput(containing: "listening on http://127.0.0.1:"))
        command.signal(SIGTERM)
        #expect(await command.finish().status == 0)
    }

    /// A Service named `beagle-mock` gives the pod `BEAGLE_MOCK_PORT=tcp://…` (Docs/Kubernetes.md):
    /// not a port, so the default stands, as it does for `BEAGLE_MOCK_TLS_PORT`.
    @Test func aKubernetesServiceLinkInThePortVariablesIsNotAPort() async throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}"])
        defer { folder.remove() }
        let command = try await CommandRunner.start(
            ["serve", folder.screens, "--quiet", "--port", "0"],
            environment: ["BEAGLE_MOCK_TLS_PORT": "tcp://10.96.0.11:443", "BEAGLE_MOCK_LIVE_PREVIEW": "udp://10.96.0.12:9721"])
        #expect(await command.waitForOutput(containing: "listening on http://127.0.0.1:"))
        #expect(!command.output.contains("https://"))
        command.signal(SIGTERM)
        #expect(await command.finish().status == 0)
        let health = try await CommandRunner.run(
            ["health", "--timeout", "1s"], environment: ["BEAGLE_MOCK_PORT": "tcp://10.96.0.10:80"])
        #expect(!health.error.contains("is not a port number"), "\(health.error)")
        #expect(health.output.contains("127.0.0.1:8080") || health.error.contains("127.0.0.1:8080"))
    }

    @Test func jsonLogFormatWritesOneObjectPerRequest() async throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}"])
        defer { folder.remove() }
        let command = try await CommandRunner.start(["serve", folder.screens, "--port", "0", "--log-format", "json"])
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

    @Test func echoAndJournalSizeFlagsReachTheServer() async throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}"])
        defer { folder.remove() }
        let command = try await CommandRunner.start(["serve", folder.screens, "--port", "0", "--echo", "--journal-size", "2"])
        #expect(await command.waitForOutput(containing: "Press Ctrl+C"))
        #expect(command.output.contains("X-Echo headers for every request header"))
        #expect(command.output.contains("/__admin   open (loopback only)"))
        let port = try #require(Self.port(in: command.output))
        let client = try await KeepAliveClient.connect(port: port)
        let home = try await client.request("GET", "/home", headers: [("beagle-platform", "IOS")])
        #expect(home.header("X-Echo-beagle-platform") == "IOS")
        for _ in 0..<3 { _ = try await client.request("GET", "/home") }
        let (_, journal) = try await client.json("GET", "/__admin/requests")
        #expect(journal["capacity"] as? Int == 2)
        #expect(journal["total"] as? Int == 2)
        await client.close()
        command.signal(SIGTERM)
        #expect(await command.finish().status == 0)
    }

    @Test func bodyTimeoutFlagReachesTheServer() async throws {
        let folder = try TemporaryScreens(["screens/cart.post.json": "{}"])
        defer { folder.remove() }
        let command = try await CommandRunner.start(["serve", folder.screens, "--port", "0", "--body-timeout", "300ms"])
        #expect(await command.waitForOutput(containing: "Press Ctrl+C"))
        let port = try #require(Self.port(in: command.output))
        let connection = try await RawConnection.connect(port: port)
        try await connection.send("POST /cart HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc")
        #expect(await connection.readResponse(timeout: .seconds(8))?.status == 408)
        await connection.close()
        #expect(await command.waitForOutput(containing: "refused=body-timeout"))
        command.signal(SIGTERM)
        #expect(await command.finish().status == 0)
    }

    @Test(arguments: [false, true])
    func shadowedScreensAreWarnedAboutAtStartUp(quiet: Bool) async throws {
        let folder = try TemporaryScreens([
            "screens/home.json": "{}", "screens/__admin.json": "{}", "screens/__echo/form.post.json": "{}",
        ])
        defer { folder.remove() }
        let arguments = ["serve", "screens", "--port", "0"] + (quiet ? ["--quiet"] : [])
        let command = try await CommandRunner.start(arguments, in: folder.root)
        #expect(await command.waitForOutput(containing: quiet ? "listening on" : "Press Ctrl+C"))
        command.signal(SIGTERM)
        let result = await command.finish()
        let warnings = quiet ? result.error : result.output
        #expect(warnings.contains("screens/__admin.json is never served: /__admin belongs to the mock"))
        #expect(warnings.contains("screens/__echo/form.post.json is never served: /__echo belongs to the mock"))
        #expect(!warnings.contains("home.json is never served"))
        if !quiet { #expect(result.output.contains("(1 screen)")) }
    }

    /// The port in the banner's `http://127.0.0.1:PORT`.
    static func port(in output: String) -> Int? {
        guard let range = output.range(of: "http://127.0.0.1:") else { return nil }
        return Int(output[range.upperBound...].prefix { $0.isNumber })
    }
}
