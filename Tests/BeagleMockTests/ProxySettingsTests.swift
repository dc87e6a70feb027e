import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// The proxy's settings (Docs/Proxy.md, Docs/Configuration.md): the upstream URL, the config
/// file's `upstream:` and `record:`, route rules' `proxy:`, the flags and their usage errors.
@Suite struct ProxySettingsTests {
    func configError(_ yaml: String) throws -> ConfigError {
        try #require(throws: ConfigError.self) { try ConfigLoader.parse(yaml: yaml, file: "beagle-mock.yml") }
    }

    @Test func upstreamURLsAreHTTPOrHTTPSWithAHost() throws {
        let plain = try UpstreamURL("http://127.0.0.1:9000")
        #expect(plain.authority == "127.0.0.1:9000")
        #expect(plain.url(forTarget: "/home?x=1") == "http://127.0.0.1:9000/home?x=1")
        let based = try UpstreamURL(" HTTPS://bff.example.com/api/ ")
        #expect(based.description == "https://bff.example.com/api")
        #expect(based.url(forTarget: "/home") == "https://bff.example.com/api/home")
        #expect(try UpstreamURL("http://[::1]:8080").authority == "[::1]:8080")
        for bad in ["ftp://x", "http://", "localhost:8080", "127.0.0.1:9000", "", "http://u:p@x", "http://x/?q=1", "http://x:0"] {
            #expect(throws: SpecError.self, "\(bad)") { try UpstreamURL(bad) }
        }
    }

    @Test func theConfigFileSetsTheUpstreamAndRecording() throws {
        let short = try ConfigLoader.parse(yaml: "upstream: http://127.0.0.1:9000\nrecord: true\n")
        #expect(short.upstream?.url?.description == "http://127.0.0.1:9000")
        #expect(short.record == .keep)
        let full = try ConfigLoader.parse(
            yaml: """
                upstream:
                  url: https://bff.example.com
                  timeout: 5s
                  headers: {Authorization: "Bearer abc"}
                  ca: certs/ca.pem
                record: overwrite
                routes:
                  - {path: /live/**, proxy: true}
                  - {path: /offline/**, proxy: false}
                """)
        #expect(full.upstream?.timeout == .seconds(5))
        #expect(full.upstream?.headers == [UpstreamSettings.Header(name: "Authorization", value: "Bearer abc")])
        #expect(full.upstream?.caFile == "certs/ca.pem")
        #expect(full.record == .overwrite)
        #expect(full.routes.map(\.proxy) == [true, false])
        #expect(try ConfigLoader.parse(yaml: "record: false").record == nil)
    }

    @Test func badUpstreamKeysAreRefusedAtTheirPlace() throws {
        #expect(try configError("upstream: ftp://x").message.contains("http or https"))
        #expect(try configError("upstream:\n  url: http://x\n  timeout: 0s\n").line == 3)
        #expect(try configError("upstream: {timeout: 5s}").message.contains("missing url"))
        #expect(try configError("upstream: {url: http://x, retries: 3}").message.contains("unknown key"))
        #expect(try configError("record: sometimes").message.contains("true, false, overwrite or misses"))
        let both = try configError("routes:\n  - {path: /a, proxy: true, file: a.json}\n")
        #expect(both.message.contains("not both"))
    }

    @Test func flagsWinOverTheFileFieldByField() throws {
        var flags = CommandLineSettings()
        flags.upstreamTimeout = .seconds(2)
        flags.record = .overwrite
        let file = try ConfigLoader.parse(
            yaml: "upstream: {url: http://file:1, timeout: 9s, headers: {X-Key: k}}\nrecord: true\n")
        let snapshot = SettingsSnapshot(configuration: file, runtime: RuntimeSettings(), flags: flags, fallbackSeed: 1)
        #expect(snapshot.upstream?.url.description == "http://file:1")
        #expect(snapshot.upstream?.timeout == .seconds(2))
        #expect(snapshot.upstream?.headers.first?.value == "k")
        #expect(snapshot.record == .overwrite)
        flags.upstream = try UpstreamURL("http://flag:2")
        let flagged = SettingsSnapshot(configuration: file, runtime: RuntimeSettings(), flags: flags, fallbackSeed: 1)
        #expect(flagged.upstream?.url.description == "http://flag:2")
        let none = SettingsSnapshot(
            configuration: .empty, runtime: RuntimeSettings(), flags: CommandLineSettings(), fallbackSeed: 1)
        #expect(none.upstream == nil)
        #expect(none.record == nil)
    }

    @Test func theRecordSizeLimitComesFromTheFlagTheFileOrTheDefault() throws {
        let file = try ConfigLoader.parse(yaml: "upstream: http://file:1\nrecord: true\nrecordMaxSize: 20MiB\n")
        #expect(file.recordMaxSize == ByteSize(bytes: 20 << 20))
        let fromFile = SettingsSnapshot(
            configuration: file, runtime: RuntimeSettings(), flags: CommandLineSettings(), fallbackSeed: 1)
        #expect(fromFile.recordMaxSize.description == "20MiB")
        var flags = CommandLineSettings()
        flags.recordMaxSize = try CommandLineSettings.parseRecordMaxSize("500 kB")
        let fromFlag = SettingsSnapshot(configuration: file, runtime: RuntimeSettings(), flags: flags, fallbackSeed: 1)
        #expect(fromFlag.recordMaxSize.bytes == 500_000)
        let none = SettingsSnapshot(
            configuration: .empty, runtime: RuntimeSettings(), flags: CommandLineSettings(), fallbackSeed: 1)
        #expect(none.recordMaxSize.description == "10MiB")
        #expect(try CommandLineSettings.parseRecordMaxSize("1048576").description == "1MiB")
        #expect(try CommandLineSettings.parseRecordMaxSize("1GiB").bytes == 1 << 30)
    }

    @Test(arguments: [
        ("0", "from 1B to 1GiB"), ("2GiB", "from 1B to 1GiB"), ("-5MiB", "negative"), ("1.5MiB", "whole number"),
        ("10 mb", "unknown unit \"mb\""), ("MiB", "missing number"), ("", "empty"), ("99999999999999999999", "too large"),
    ])
    func badRecordSizeLimitsSayWhatIsWrong(text: String, expected: String) throws {
        let error = try #require(throws: FlagError.self) { try CommandLineSettings.parseRecordMaxSize(text) }
        #expect(error.description.contains("--record-max-size"), "\(error)")
        #expect(error.description.contains(expected), "\(error)")
        let file = try configError("recordMaxSize: '\(text)'\n")
        #expect(file.line == 1)
        #expect(file.message.contains(expected), "\(file.message)")
    }

    @Test(arguments: [
        ["serve", "--upstream", "ftp://x"], ["serve", "--upstream", "http://"], ["serve", "--upstream", "localhost:8080"],
        ["serve", "--upstream", "http://127.0.0.1:9", "--upstream-timeout", "0"],
        ["serve", "--upstream", "http://127.0.0.1:9", "--upstream-timeout", "soon"],
        ["serve", "--upstream", "http://127.0.0.1:9", "--record", "--record-max-size", "lots"],
    ])
    func badUpstreamFlagsExit2WithUsage(arguments: [String]) async throws {
        let result = try await CommandRunner.run(arguments + ["--port", "0"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("Error: invalid value"), "\(result.error)")
    }

    @Test func recordWithoutAnUpstreamAndAnUnreadableCAExit2InOneLine() async throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}"])
        defer { folder.remove() }
        for arguments in [["--record"], ["--upstream", "https://127.0.0.1:9", "--upstream-ca", "missing.pem"]] {
            let result = try await CommandRunner.run(["serve", "screens", "--port", "0"] + arguments, in: folder.root)
            #expect(result.status == 2)
            #expect(result.error.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1, "\(result.error)")
        }
        let environment = try await CommandRunner.run(
            ["serve", "screens", "--port", "0"], in: folder.root, environment: ["BEAGLE_MOCK_UPSTREAM": "gopher://x"])
        #expect(environment.status == 2)
        #expect(environment.error.contains("BEAGLE_MOCK_UPSTREAM='gopher://x'"))
    }

    @Test func theBannerShowsTheUpstreamAndTheRecordMode() async throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}"])
        defer { folder.remove() }
        let command = try await CommandRunner.start(
            [
                "serve", "screens", "--port", "0", "--upstream", "http://127.0.0.1:9/api", "--record", "overwrite",
                "--record-max-size", "20971520",
            ],
            in: folder.root)
        #expect(await command.waitForOutput(containing: "Press Ctrl+C"))
        #expect(command.output.contains("Upstream  http://127.0.0.1:9/api"))
        #expect(command.output.contains("Record    on (overwrite"))
        #expect(command.output.contains("bodies up to 20MiB"))
        command.signal(SIGTERM)
        #expect(await command.finish().status == 0)
    }
}
