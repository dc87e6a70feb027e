import Foundation
import HTTPTypes
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

@Suite struct ConfigLoaderTests {
    static let specExample = """
        # screens/beagle-mock.yml
        latency: 80ms
        bandwidth: 1MiB/s
        faults:                         # global rules, for every route
          - {fault: "status:500", rate: 0.01}
        seed: 7
        echo: true
        cors: true
        beagleCache: {maxAge: 30s}
        routes:
          - path: /checkout/**          # glob: * one segment, ** any depth
            methods: [GET]
            latency: {uniform: [1s, 3s]}
            faults:
              - {fault: "status:503", rate: 0.2}
              - {fault: reset, rate: 0.05}
          - path: /images/**
            bandwidth: 32KiB/s
          - path: /flaky
            sequence: ["status:500", "status:500", ok]

        """

    func error(_ yaml: String, file: String = "beagle-mock.yml") throws -> ConfigError {
        try #require(throws: ConfigError.self) { try ConfigLoader.parse(yaml: yaml, file: file) }
    }

    @Test func parsesTheSpecExample() throws {
        let config = try ConfigLoader.parse(yaml: Self.specExample, file: "beagle-mock.yml")
        #expect(config.globals.latency == .fixed(.milliseconds(80)))
        #expect(config.globals.bandwidth == .bytesPerSecond(1_048_576))
        #expect(config.globals.faults == (try FaultRules([FaultRule(fault: .status(500), rate: 0.01)])))
        #expect(config.seed == 7)
        #expect(config.echo == .allHeaders)
        #expect(config.cors == true)
        #expect(config.beagleCache?.maxAgeSeconds == 30)
        #expect(config.routes.count == 3)
        let checkout = config.routes[0]
        #expect(checkout.glob.pattern == "/checkout/**")
        #expect(checkout.methods == [.get])
        #expect(checkout.line == 11)
        #expect(checkout.layer.latency == .uniform(lower: .seconds(1), upper: .seconds(3)))
        #expect(checkout.layer.faults?.description == "status:503@0.2,reset@0.05")
        #expect(config.routes[1].layer.bandwidth == .bytesPerSecond(32 * 1_024))
        #expect(config.routes[2].layer.sequence?.steps == [.status(500), .status(500), .none])
    }

    @Test func parsesEveryYAMLForm() throws {
        let config = try ConfigLoader.parse(
            yaml: """
                latency: {lognormal: {median: 120ms, sigma: 0.4, max: 5s}}
                dribble: {chunks: 10, duration: 2s}
                faults: ["reset@0.1", {fault: CONNECTION_RESET_BY_PEER, rate: 5%}, {fault: hang, rate: 0}]
                echo: [Authorization, beagle-platform]
                hangMax: 2m
                journalSize: 500
                seed: 18446744073709551615
                routes:
                  - path: /cart
                    methods: [post, PUT]
                    response: {status: 422, headers: {X-Foo: bar, X-Empty: ""}}
                    dribble: off
                    bandwidth: unlimited
                    latency: lognormal:1s,0.5
                    faults: []
                    sequence: []
                """)
        #expect(config.globals.latency == .logNormal(median: .milliseconds(120), sigma: 0.4, max: .seconds(5)))
        #expect(config.globals.dribble == .chunks(10, over: .seconds(2)))
        #expect(config.globals.faults?.description == "reset@0.1,reset@0.05,hang@0")
        #expect(config.echo == .headers(["Authorization", "beagle-platform"]))
        #expect(config.hangMax == .seconds(120))
        #expect(config.journalSize == 500)
        #expect(config.seed == UInt64.max)
        let cart = try #require(config.routes.first)
        #expect(cart.methods == [.post, .put])
        #expect(cart.layer.response?.status == 422)
        #expect(cart.layer.response?.headers.map(\.name) == ["X-Foo", "X-Empty"])
        #expect(cart.layer.dribble == .off)
        #expect(cart.layer.bandwidth == .unlimited)
        #expect(cart.layer.latency == .logNormal(median: .seconds(1), sigma: 0.5, max: nil))
        #expect(cart.layer.faults == .empty)
        #expect(cart.layer.sequence?.steps == [])
    }

    @Test(arguments: ["", "\n\n", "# only a comment\n", "~\n", "\u{FEFF}", "---\n"])
    func emptyFilesAreAnEmptyConfig(yaml: String) throws {
        #expect(try ConfigLoader.parse(yaml: yaml) == .empty)
    }

    @Test func unknownKeysSuggestTheNearMiss() throws {
        let found = try error("latency: 80ms\nlatncy: 90ms\n")
        #expect(found.description == "beagle-mock.yml:2:1: unknown key \"latncy\"; did you mean latency?")
        let nested = try error("routes:\n  - path: /a\n    fautls: []\n")
        #expect(nested.description == "beagle-mock.yml:3:5: routes[0]: unknown key \"fautls\"; did you mean faults?")
        let far = try error("colour: blue\n")
        #expect(far.line == 1 && far.column == 1)
        #expect(far.message.contains("allowed keys are latency, bandwidth"))
        let misplaced = try error("response: {status: 422}\n")
        #expect(misplaced.message.contains("response belongs in a routes entry"))
    }

    @Test func badValuesPointAtTheValue() throws {
        let rate = try error("faults:\n  - {fault: \"status:503\", rate: 1.5}\n")
        #expect(rate.line == 2 && rate.column == 33)
        #expect(rate.message.hasPrefix("faults[0].rate: rate \"1.5\" for status:503 is above 1"))

        let uniform = try error("routes:\n  - path: /checkout/**\n    latency: {uniform: [3s, 1s]}\n")
        #expect(uniform.line == 3 && uniform.column == 24)
        #expect(uniform.message.contains("routes[0].latency.uniform: uniform latency 3s..1s has its lower bound above"))

        let cors = try error("cors: maybe\n")
        #expect(cors.description == "beagle-mock.yml:1:7: cors: expected true or false, found \"maybe\"")

        let sum = try error("faults:\n  - reset@0.7\n  - hang@0.5\n")
        #expect(sum.line == 2 && sum.column == 3)
        #expect(sum.message.contains("add up to 1.2"))

        let method = try error("routes:\n  - path: /a\n    methods: [GET, PUTT]\n")
        #expect(method.line == 3 && method.column == 20)
        #expect(method.message.contains("did you mean PUT?"))

        let sigma = try error("latency: {lognormal: {median: 120ms, sigma: -1}}\n")
        #expect(sigma.line == 1 && sigma.column == 45)
        #expect(sigma.message.hasPrefix("latency.lognormal.sigma: negative"))

        let max = try error("latency: {lognormal: {median: 1s, sigma: 0.4, max: 10ms}}\n")
        #expect(max.line == 1 && max.column == 52)

        let glob = try error("routes:\n  - path: checkout\n")
        #expect(glob.line == 2 && glob.column == 11)
        #expect(glob.message.contains("must start with /"))

        let missingPath = try error("routes:\n  - latency: 1s\n")
        #expect(missingPath.line == 2 && missingPath.column == 5)
        #expect(missingPath.message == "routes[0]: missing path; write it like path: /checkout/**")

        let sequence = try error("sequence: [\"status:500\", boom, ok]\n")
        #expect(sequence.line == 1 && sequence.column == 26)
        #expect(sequence.message.hasPrefix("sequence[1]: sequence entry: unknown fault \"boom\""))
    }

    @Test func wrongTypesSayWhatWasExpected() throws {
        #expect(
            try error("latency: [80ms]\n").message
                == "latency: expected a latency like 250ms, {uniform: [100ms, 400ms]} or {lognormal: {median: 120ms, sigma: 0.4}}, found a list"
        )
        #expect(try error("routes: {path: /a}\n").message.contains("expected a list of route rules"))
        #expect(try error("- latency: 1s\n").message.contains("expected settings as key: value lines"))
        #expect(try error("latency: {uniform: [1s, 2s], lognormal: {median: 1s, sigma: 1}}\n").message.contains("exactly one of"))
        #expect(try error("dribble: {chunks: 0, duration: 2s}\n").message.contains("from 1 to 10000"))
        #expect(try error("beagleCache: {maxAge: 1500ms}\n").message.contains("not whole seconds"))
        #expect(try error("hangMax: 0\n").message.contains("more than 0"))
        #expect(try error("journalSize: 0\n").message.contains("from 1 to 100000"))
        #expect(try error("seed: 18446744073709551616\n").message.contains("too large"))
        #expect(try error("seed: -1\n").message.contains("not a whole number"))
        #expect(try error("echo: [\"bad header\"]\n").message.contains("not a valid HTTP header name"))
        #expect(try error("routes:\n  - path: /a\n    methods: []\n").message.contains("empty methods list"))
        #expect(try error("routes:\n  - path: /a\n    response: {status: 100}\n").message.contains("interim"))
        #expect(try error("routes:\n  - path: /a\n    response: {headers: {X-A: null}}\n").message.contains("header value"))
    }

    @Test func nullValuesAreRefusedWithAFix() throws {
        let faults = try error("faults:\nseed: 1\n")
        #expect(faults.line == 1)
        #expect(faults.message == "faults: has no value; write faults: [] for none, or remove the key")
        #expect(try error("latency: ~\n").message.contains("latency: 0"))
    }

    @Test func duplicateKeysPointAtTheSecondOne() throws {
        let top = try error("latency: 80ms\nseed: 7\nlatency: 90ms\n")
        #expect(top.description == "beagle-mock.yml:3:1: duplicate key \"latency\" (first at 1:1); keep only one")
        let nested = try error("routes:\n  - path: /a\n    latency: 1s\n    latency: 2s\n")
        #expect(nested.line == 4 && nested.column == 5)
        let flow = try error("latency: {uniform: [1s, 2s], uniform: [1s, 3s]}\n")
        #expect(flow.line == 1 && flow.column == 30)
    }

    @Test func syntaxErrorsCarryTheirMark() throws {
        let found = try error("routes:\n  - path: /a\n   latency: 1s\n")
        #expect(found.line == 3)
        #expect(found.message.hasPrefix("YAML syntax error:"))
        #expect(!found.message.contains("\n"))
        let multi = try error("seed: 1\n---\nseed: 2\n")
        #expect(multi.line == 2)
        #expect(multi.message.contains("YAML syntax error"))
    }

    @Test func lineAndColumnAreRightWithABOMAndCRLF() throws {
        let crlf = "latency: 80ms\r\nbandwidth: 5 parsecs/s\r\n"
        let bomCRLF = "\u{FEFF}" + crlf
        for yaml in [crlf, bomCRLF, "\u{FEFF}latency: 80ms\nbandwidth: 5 parsecs/s\n"] {
            let found = try error(yaml)
            #expect(found.line == 2 && found.column == 12, "\(yaml.debugDescription)")
        }
        let firstLine = try error("\u{FEFF}cors: maybe\r\n")
        #expect(firstLine.line == 1 && firstLine.column == 7)
        let syntax = try error("\u{FEFF}seed: 1\r\n  cors: 2\r\n")
        #expect(syntax.line == 2 && syntax.column == 7)
        let duplicate = try error("\u{FEFF}seed: 1\r\ncors: true\r\nseed: 2\r\n")
        #expect(duplicate.description == "beagle-mock.yml:3:1: duplicate key \"seed\" (first at 1:1); keep only one")

        // The same through bytes, as read from a file.
        let data = Data(bomCRLF.utf8)
        let fromData = try #require(throws: ConfigError.self) { try ConfigLoader.parse(data: data, file: "x.yml") }
        #expect(fromData.description.hasPrefix("x.yml:2:12: bandwidth: unknown bandwidth unit"))
        let valid = try ConfigLoader.parse(data: Data("\u{FEFF}seed: 3\r\nlatency: 1s\r\n".utf8), file: "x.yml")
        #expect(valid.seed == 3 && valid.globals.latency == .fixed(.seconds(1)))
    }

    @Test func invalidUTF8IsLocated() throws {
        let data = Data("seed: 1\nlatency: 8".utf8) + Data([0xFF]) + Data("ms\n".utf8)
        let found = try #require(throws: ConfigError.self) { try ConfigLoader.parse(data: data, file: "c.yml") }
        #expect(found.line == 2 && found.column == 11)
        #expect(found.message.contains("UTF-8"))
        let utf16 = try #require(throws: ConfigError.self) {
            try ConfigLoader.parse(data: Data([0xFF, 0xFE, 0x61, 0x00]), file: "c.yml")
        }
        #expect(utf16.message.contains("UTF-16"))
    }

    @Test func loadsFilesFromDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beagle-mock-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = ConfigLoader.defaultFile(inScreensFolder: folder)
        #expect(file.lastPathComponent == "beagle-mock.yml")
        #expect(try ConfigLoader.loadIfPresent(file: file) == .empty)
        let missing = try #require(throws: ConfigError.self) { try ConfigLoader.load(file: file) }
        #expect(missing.description.hasPrefix(file.path + ": config file does not exist"))
        try Data(Self.specExample.utf8).write(to: file)
        #expect(try ConfigLoader.load(file: file).routes.count == 3)
        try Data("latency: -1s\n".utf8).write(to: file)
        let bad = try #require(throws: ConfigError.self) { try ConfigLoader.loadIfPresent(file: file) }
        #expect(bad.description == "\(file.path):1:10: latency: negative duration \"-1s\"; a duration is 0 or more, like 250ms")
    }

    @Test func startupConfigurationPrefersTheGivenFileAndNeedsItToExist() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beagle-mock-startup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let absent = try ConfigLoader.startupConfiguration(configFile: nil, screensDirectory: folder.path)
        #expect(absent.configuration == .empty)
        #expect(absent.file.lastPathComponent == "beagle-mock.yml")
        try Data("seed: 3\n".utf8).write(to: folder.appendingPathComponent("beagle-mock.yml"))
        #expect(try ConfigLoader.startupConfiguration(configFile: nil, screensDirectory: folder.path).configuration.seed == 3)
        let other = folder.appendingPathComponent("ci.yml")
        #expect(throws: ConfigError.self) {
            try ConfigLoader.startupConfiguration(configFile: other.path, screensDirectory: folder.path)
        }
        try Data("seed: 4\n".utf8).write(to: other)
        let given = try ConfigLoader.startupConfiguration(configFile: other.path, screensDirectory: folder.path)
        #expect(given.configuration.seed == 4)
        #expect(given.file.path == other.path)
    }

    @Test func ruleFingerprintsDependOnContentNotPosition() throws {
        let first = try ConfigLoader.parse(yaml: "routes:\n  - path: /a\n    latency: 1s\n")
        let moved = try ConfigLoader.parse(yaml: "# a comment\n\nroutes:\n  - {path: /b}\n  - path: /a\n    latency: 1s\n")
        let changed = try ConfigLoader.parse(yaml: "routes:\n  - path: /a\n    latency: 2s\n")
        #expect(first.routes[0].fingerprint == moved.routes[1].fingerprint)
        #expect(first.routes[0].fingerprint != changed.routes[0].fingerprint)
        #expect(first.routes[0].fingerprint != moved.routes[0].fingerprint)
    }
}
