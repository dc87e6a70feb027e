import BeagleScreens
import Foundation
import HTTPTypes
import MockTestSupport
import NIOCore
import PropertyBased
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// Property-based tests over hostile inputs: the spec grammar, the config
/// parser and the route resolver never crash, and no resolved path ever leaves the root. Inputs
/// are glued from pieces that matter to each parser, so that random strings reach deep.
@Suite struct PropertyTests {
    static let specPieces = [
        "0", "1", "250", "1.5", "99999999999999999999", "-", "+", ".", "e9", "NaN", "inf", "ms", "s", "m", "h", "us", "ns", "µs",
        "..", ",", "lognormal:", "uniform:", "status:", "503", "200", "1000", "@", "0.2", "1.5", "%", "reset", "hang", "none",
        "empty-response", "EMPTY_RESPONSE", "garbage", "KiB/s", "MiB/s", "kbit/s", "kb/s", "B/s", "unlimited", "x", "off",
        " ", "\t", "é", "\u{0}", "\u{202E}", "ok", "[", "]", "\"",
    ]

    @Test func specGrammarNeverCrashesAndRoundTrips() async {
        await propertyCheck(
            count: 3000,
            input: Gen.int(in: 0...(Self.specPieces.count - 1)).array(of: 0...8).map { $0.map { Self.specPieces[$0] }.joined() }
        ) { text in
            if let value = try? LatencySpec(spec: text) { #expect((try? LatencySpec(spec: value.description)) == value) }
            if let value = try? Bandwidth(spec: text) { #expect((try? Bandwidth(spec: value.description)) == value) }
            if let value = try? Dribble(spec: text) { #expect((try? Dribble(spec: value.description)) == value) }
            if let value = try? FaultRules(spec: text) {
                #expect((try? FaultRules(spec: value.description)) == value)
                let total = value.rules.reduce(0.0) { $0 + $1.rate }
                #expect(total <= 1.000_001)
            }
            if let value = try? Duration(spec: text) {
                #expect(value >= .zero)
                #expect(value <= .seconds(24 * 3600))
            }
        }
    }

    static let yamlPieces = [
        "latency: ", "80ms", "{uniform: [1s, 3s]}", "bandwidth: ", "1MiB/s", "faults:", "faults: []", "\n", "\r\n", "  ", "    ",
        "- ", "routes:", "path: ", "/a/**", "/*", "//", "methods: ", "[GET, POST]", "[BREW]",
        "{fault: \"status:503\", rate: 0.2}",
        "{fault: reset, rate: 1.5}", "sequence: ", "[\"status:500\", ok]", "seed: ", "7", "-1", "echo: ", "true",
        "[Authorization]", "cors: ", "beagleCache: ", "{maxAge: 30s}", "response: ", "{status: 422}", "dribble: ",
        "{chunks: 0, duration: 1s}", "hangMax: ", "journalSize: ", ":", "#", "\t", "\u{FEFF}", "&a ", "*a", "!!str ", "---",
        "...", "null", "~", "é", "'", "\"", "{", "}", "[", "]", ",", "? ", "|", ">",
    ]

    @Test func configParserNeverCrashes() async {
        await propertyCheck(
            count: 3000,
            input: Gen.int(in: 0...(Self.yamlPieces.count - 1)).array(of: 0...14).map { $0.map { Self.yamlPieces[$0] }.joined() }
        ) { yaml in
            do {
                _ = try ConfigLoader.parse(data: Data(yaml.utf8), file: "beagle-mock.yml")
            } catch let error as ConfigError {
                #expect(!error.description.isEmpty)
                #expect(error.description.hasPrefix("beagle-mock.yml"))
                if let line = error.line { #expect(line >= 1) }
                if let column = error.column { #expect(column >= 1) }
            } catch {
                Issue.record("unexpected error type: \(error)")
            }
        }
    }

    @Test func configParserSurvivesArbitraryBytes() async {
        await propertyCheck(count: 1000, input: Gen.int(in: 0...255).array(of: 0...64)) { numbers in
            let bytes = Data(numbers.map { UInt8($0) })
            _ = try? ConfigLoader.parse(data: bytes, file: "beagle-mock.yml")
        }
    }

    static let pathPieces = [
        "/", "//", ".", "..", "%2e", "%2E", "%2e%2e", "%2f", "%2F", "%5c", "\\", "%00", "%252e", "%25", "%", "%zz", "%C3", "%A9",
        "a", "home", ".json", "index", "secret", "images", "inside", ".git", "out", "leak", "link", "~", " ", "é", "?", "#", "*",
        "beagle-mock.yml", "etc", "passwd",
    ]

    @Test func resolvedFilesNeverLeaveTheRoot() async throws {
        let folder = try TemporaryScreens([
            "secret.json": #"{"leak":"TOP-SECRET"}"#,
            "outside/secret.json": #"{"leak":"TOP-SECRET"}"#,
            "screens/home.json": #"{"home":true}"#,
            "screens/index.json": #"{"index":true}"#,
            "screens/inside/a.json": #"{"inside":true}"#,
            "screens/.git/secret.json": #"{"leak":"TOP-SECRET"}"#,
            "screens/beagle-mock.yml": "# TOP-SECRET\n",
            "images/a": "image",
        ])
        defer { folder.remove() }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: folder.screens + "/leak.json", withDestinationPath: folder.root + "/secret.json")
        try manager.createSymbolicLink(atPath: folder.screens + "/out", withDestinationPath: folder.root + "/outside")
        try manager.createSymbolicLink(atPath: folder.screens + "/link", withDestinationPath: "inside")
        let screens = try #require(ContainedRoot(directory: folder.screens))
        let store = ScreenStore(
            screens: screens, images: ContainedRoot(directory: folder.images), configPath: folder.screens + "/beagle-mock.yml")
        await propertyCheck(
            count: 3000,
            input: Gen.int(in: 0...(Self.pathPieces.count - 1)).array(of: 0...10).map { $0.map { Self.pathPieces[$0] }.joined() }
        ) { target in
            guard let path = try? RequestPath(target: Substring(target)) else { return }
            for segment in path.segments {
                #expect(segment != "." && segment != "..")
                #expect(!segment.contains("/") && !segment.contains("\\") && !segment.contains("\u{0}"))
                #expect(!segment.isEmpty)
            }
            for platform in [nil, BeaglePlatform.ios] {
                for method: HTTPRequest.Method in [.get, .post] {
                    guard case .file(let file) = await store.resolve(path, method: method, platform: platform, templates: true)
                    else { continue }
                    #expect(!file.relativePath.split(separator: "/").contains { $0.hasPrefix(".") })
                    if case .buffer(let bytes) = file.body {
                        #expect(
                            !String(decoding: bytes.readableBytesView, as: UTF8.self).contains("TOP-SECRET"),
                            "\(target) served a secret")
                    }
                }
            }
        }
    }
}
