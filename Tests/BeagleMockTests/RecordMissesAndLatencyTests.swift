import Foundation
import HTTPTypes
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// `--record misses` records only what the folders lack, and `--record-latency` keeps each
/// recorded route's upstream latency as a rule of the config file (Docs/Proxy.md).
@Suite struct RecordMissesAndLatencyTests {
    @Test func missesRecordsWhatTheFolderLacksAndNeverWhatARuleSendsUpstream() async throws {
        let log = LogCapture()
        try await withProxyPair(
            upstreamFiles: ["screens/home.json": #"{"from":"bff"}"#, "screens/catalog.json": #"{"catalog":"bff"}"#],
            mockFiles: [
                "screens/home.json": #"{"local":true}"#, "screens/beagle-mock.yml": "routes:\n  - {path: /home, proxy: true}\n",
            ],
            configure: {
                $0.flags.record = .misses
                $0.logger = log.logger
            }
        ) { mock, _, folder throws in
            #expect(try await HTTPProbe.request(port: mock.port, target: "/home")?.text == #"{"from":"bff"}"#)
            #expect(try await HTTPProbe.request(port: mock.port, target: "/catalog")?.text == #"{"catalog":"bff"}"#)
            #expect(await log.waitForRequests(path: "/catalog", count: 1))
            #expect(try String(contentsOfFile: folder.screens + "/home.json", encoding: .utf8) == #"{"local":true}"#)
            #expect(try String(contentsOfFile: folder.screens + "/catalog.json", encoding: .utf8) == #"{"catalog":"bff"}"#)
            #expect(log.requests(path: "/home").first?.message.contains("recorded=") == false)
            #expect(log.requests(path: "/catalog").first?.message.hasSuffix("recorded=screens/catalog.json") == true)
        }
    }

    @Test func theUpstreamLatencyOfARecordedRouteBecomesARuleTheReplayKeeps() async throws {
        let config = """
            # the team's rules
            routes:
              # checkout is slow on purpose
              - {path: /checkout/**, latency: 2s}

            seed: 7
            """
        let log = LogCapture()
        try await withProxyPair(
            upstreamFiles: ["screens/home.json": #"{"from":"bff"}"#, "screens/checkout/pay.json": #"{"pay":1}"#],
            mockFiles: ["screens/beagle-mock.yml": config],
            configureUpstream: { $0.flags = CommandLineSettings(latency: .fixed(.milliseconds(60))) },
            configure: {
                $0.flags.record = .keep
                $0.flags.recordLatency = true
                $0.logger = log.logger
            }
        ) { mock, _, folder throws in
            #expect(try await HTTPProbe.request(port: mock.port, target: "/home")?.status == 200)
            #expect(try await HTTPProbe.request(port: mock.port, target: "/checkout/pay")?.status == 200)
            #expect(await log.wait { $0.contains { $0.message.hasPrefix("recorded the latency of GET /home") } })
            #expect(await log.wait { $0.contains { $0.message.hasPrefix("latency of GET /checkout/pay not recorded") } })
            let written = try String(contentsOfFile: folder.screens + "/beagle-mock.yml", encoding: .utf8)
            let lines = written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(
                lines.prefix(4) == [
                    "# the team's rules", "routes:", "  # checkout is slow on purpose", "  - {path: /checkout/**, latency: 2s}",
                ])
            let rule = try #require(lines.dropFirst(4).first)
            let match = try #require(rule.firstMatch(of: /latency: (\d+)ms\}/))
            let milliseconds = try #require(Int(match.1))
            #expect(rule.hasPrefix(#"  - {path: "/home", methods: [GET], latency: "#))
            #expect(milliseconds >= 60, "the upstream's 60 ms and more: \(rule)")
            #expect(lines.suffix(3) == ["", "seed: 7", ""])
            // The replay, the folder alone with the rule in force.
            #expect([.reloaded, .unchanged].contains(mock.server.reloadConfiguration()), "reloaded now, or by the poll already")
            #expect(try await HTTPProbe.request(port: mock.port, target: "/home")?.text == #"{"from":"bff"}"#)
            let replayed = try #require(mock.server.operations.journal.read(limit: 1).entries.first)
            #expect(replayed.latencyMs == Double(milliseconds))
            #expect(!replayed.proxied)
        }
    }

    @Test(arguments: [
        ("", "routes:\n  - RULE\n"),
        ("seed: 7\n", "seed: 7\nroutes:\n  - RULE\n"),
        ("routes: []\nseed: 7\n", "routes:\n  - RULE\nseed: 7\n"),
        ("routes:\n- {path: /a}\n# next\nseed: 7", "routes:\n- {path: /a}\n- RULE\n# next\nseed: 7\n"),
        (
            "routes:\n    - {path: /a}\n    - path: /b\n      latency: 1s\n\n\nseed: 7\n",
            "routes:\n    - {path: /a}\n    - path: /b\n      latency: 1s\n    - RULE\n\n\nseed: 7\n"
        ),
    ])
    func aRuleGoesLastInTheRoutesAndTheRestStays(before: String, after: String) {
        #expect(RecordedLatencyRules.appending("RULE", to: before) == after)
    }

    @Test func aFlowListOfRoutesIsLeftAlone() {
        #expect(RecordedLatencyRules.appending("RULE", to: "routes: [{path: /a}]\n") == nil)
    }

    @Test func aRuleThatWouldNotReadIsNotWritten() throws {
        let folder = try TemporaryScreens(["screens/beagle-mock.yml": "routes:\n  - {path: /a}\nlatency: 5s\n"])
        defer { folder.remove() }
        let rules = RecordedLatencyRules(file: URL(fileURLWithPath: folder.screens + "/beagle-mock.yml"))
        #expect(
            rules.add(method: .get, path: "/home", latency: .milliseconds(42))
                == .added(#"{path: "/home", methods: [GET], latency: 42ms}"#))
        #expect(rules.add(method: .get, path: "/home", latency: .milliseconds(50)) == .exists)
        #expect(
            rules.add(method: .post, path: "/home", latency: .milliseconds(50))
                == .added(#"{path: "/home", methods: [POST], latency: 50ms}"#))
        guard case .refused = rules.add(method: .get, path: "/files/*", latency: .milliseconds(1)) else {
            Issue.record("a path that reads as a pattern is refused")
            return
        }
        let text = try String(contentsOfFile: folder.screens + "/beagle-mock.yml", encoding: .utf8)
        #expect(
            text
                == "routes:\n  - {path: /a}\n  - {path: \"/home\", methods: [GET], latency: 42ms}\n  - {path: \"/home\", methods: [POST], latency: 50ms}\nlatency: 5s\n"
        )
    }
}
