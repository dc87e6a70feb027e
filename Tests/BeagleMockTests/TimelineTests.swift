import Foundation
import HTTPTypes
import MockTestSupport
import NIOCore
import NIOEmbedded
import Testing

@testable import BeagleMockEngine

/// A timeline's stages, loops, ending and time to live (Docs/Timelines.md), as pure functions of
/// the time its clock has run, and its YAML with an error that names the place for each mistake.
@Suite struct TimelineTests {
    static func stage(_ seconds: Int, _ name: String, drops: Bool = false) -> Timeline.Stage {
        Timeline.Stage(name: name, duration: .seconds(seconds), layer: .empty, dropsConnections: drops)
    }

    /// lte 2 s, offline 1 s, edge 2 s.
    static let tunnel = Timeline(
        name: "tunnel", stages: [stage(2, "lte"), stage(1, "offline", drops: true), stage(2, "edge")])

    @Test func aMomentBelongsToTheStageInWhichItFalls() {
        let timeline = Self.tunnel
        #expect(timeline.position(after: .zero) == .stage(index: 0, elapsed: .zero, left: .seconds(2), pass: 0))
        #expect(timeline.position(after: .milliseconds(1_999)).index == 0)
        // A boundary belongs to the stage that begins there.
        #expect(timeline.position(after: .seconds(2)) == .stage(index: 1, elapsed: .zero, left: .seconds(1), pass: 0))
        #expect(
            timeline.position(after: .milliseconds(3_500))
                == .stage(index: 2, elapsed: .milliseconds(500), left: .milliseconds(1_500), pass: 0))
        // After the last stage the base settings apply again.
        #expect(timeline.position(after: .seconds(5)) == .ended)
    }

    @Test func aTimelineThatHoldsKeepsItsLastStage() {
        var timeline = Self.tunnel
        timeline.ending = .hold
        #expect(timeline.position(after: .seconds(60)) == .stage(index: 2, elapsed: .seconds(57), left: nil, pass: 0))
    }

    @Test func aLoopStartsAgainAndCountsItsPasses() {
        var timeline = Self.tunnel
        timeline.loops = true
        #expect(timeline.position(after: .seconds(5)) == .stage(index: 0, elapsed: .zero, left: .seconds(2), pass: 1))
        #expect(timeline.position(after: .milliseconds(12_500)).index == 1)
        #expect(
            timeline.position(after: .milliseconds(12_500))
                == .stage(index: 1, elapsed: .milliseconds(500), left: .milliseconds(500), pass: 2))
    }

    @Test func theTimeToLiveEndsEvenALoop() {
        var timeline = Self.tunnel
        timeline.loops = true
        timeline.timeToLive = .seconds(6)
        // The stage left is cut at the time to live.
        #expect(
            timeline.position(after: .milliseconds(5_500))
                == .stage(index: 0, elapsed: .milliseconds(500), left: .milliseconds(500), pass: 1))
        #expect(timeline.position(after: .seconds(6)) == .ended)
    }

    @Test func dropsAreTheStartsOfStagesThatDropConnections() {
        var timeline = Self.tunnel
        #expect(timeline.nextDrop(after: .zero) == .seconds(2))
        #expect(timeline.nextDrop(after: .seconds(2)) == nil, "strictly after: the drop at 2 s has happened")
        timeline.loops = true
        #expect(timeline.nextDrop(after: .seconds(2)) == .seconds(7))
        #expect(timeline.nextDrop(after: .seconds(13)) == .seconds(17))
        timeline.timeToLive = .seconds(7)
        #expect(timeline.nextDrop(after: .seconds(2)) == nil, "the time to live ends it first")
    }

    // MARK: - YAML

    static let config = """
        timeline:
          tunnel:
            per: client
            ttl: 10m
            stages:
              - {for: 8s, profile: offline}
              - {for: 20s, profile: edge, routes: [{path: /images/**, bandwidth: 16KiB/s}]}
              - {for: 30s, name: back, latency: 40ms, faults: ["status:503@0.1"], connections: drop}
          deploy:
            loop: true
            end: hold
            stages:
              - {for: 1m, faults: ["status:503"]}
        """

    @Test func theConfigFileNamesTimelines() throws {
        let configuration = try ConfigLoader.parse(yaml: Self.config, file: "beagle-mock.yml")
        #expect(configuration.timelines.map(\.name) == ["tunnel", "deploy"])
        let tunnel = try #require(configuration.timeline(named: "tunnel"))
        #expect(tunnel.scope == .client)
        #expect(tunnel.timeToLive == .seconds(600))
        #expect(tunnel.stages.map(\.name) == ["offline", "edge", "back"])
        #expect(tunnel.stages.map(\.dropsConnections) == [true, false, true])
        #expect(tunnel.stages[0].layer.faults == (try FaultRules(spec: "reset")))
        #expect(tunnel.stages[2].layer.latency == .fixed(.milliseconds(40)))
        // A stage's route rule is filled by the stage's own layer.
        let images = tunnel.stages[1].layer(method: .get, path: PathSegments("/images/logo.png"))
        #expect(images.bandwidth == (try Bandwidth(spec: "16KiB/s")))
        #expect(images.latency == tunnel.stages[1].layer.latency)
        let deploy = try #require(configuration.timeline(named: "deploy"))
        #expect(deploy.loops && deploy.ending == .hold && deploy.scope == .server)
    }

    @Test(arguments: [
        (
            "timeline: {t: {stages: [{for: 8s, profile: ofline}]}}",
            "1:44: timeline.t.stages[0].profile: unknown network profile \"ofline\"; did you mean offline?"
        ),
        ("timeline: {t: {stages: [{for: 0s}]}}", "1:31: timeline.t.stages[0].for: a stage must last longer than 0"),
        ("timeline: {t: {stages: [{for: -1s}]}}", "timeline.t.stages[0].for"),
        ("timeline: {t: {stages: []}}", "timeline.t.stages: a timeline needs at least one stage"),
        ("timeline: {t: {stages: [{profile: edge}]}}", "timeline.t.stages[0]: missing for"),
        ("timeline: {t: {stages: [{for: 1s, sequence: [ok]}]}}", "a sequence counts requests, not time"),
        ("timeline: {t: {stages: [{for: 1s, routes: [{path: /a, file: b.json}]}]}}", "unknown key \"file\""),
        ("timeline: {t: {stages: [{for: 1s, routes: [{path: \"a[\"}]}]}}", "timeline.t.stages[0].routes[0]"),
        ("timeline: {t: {per: everyone, stages: [{for: 1s}]}}", "per must be server (one clock) or client"),
        ("timeline: {t: {end: stop, stages: [{for: 1s}]}}", "end must be revert"),
        ("timeline: {t: {ttl: 0, stages: [{for: 1s}]}}", "ttl must be longer than 0"),
        ("timeline: {t: {stages: [{for: 1s, connections: sometimes}]}}", "connections must be drop"),
        ("timeline: {\"bad name\": {stages: [{for: 1s}]}}", "timeline name \"bad name\" must be"),
        ("timeline: [a, b]", "timeline: expected named timelines"),
    ])
    func eachMistakeIsNamedWithItsPlace(yaml: String, message: String) {
        #expect {
            try ConfigLoader.parse(yaml: yaml, file: "beagle-mock.yml")
        } throws: { error in
            "\(error)".contains(message) && "\(error)".hasPrefix("beagle-mock.yml:")
        }
    }

    @Test func aStartNamesATimelineOrGivesOneWhole() throws {
        let named = try ConfigLoader.parse(yaml: Self.config)
        func found(_ start: TimelineYAML.Start) throws -> Timeline {
            guard case .found(let timeline) = start else { throw ConfigError(line: nil, column: nil, message: "not found") }
            return timeline
        }
        let byName = try found(TimelineYAML.start(json: #"{"name": "deploy", "ttl": "5m"}"#, source: "body", named: named))
        #expect(byName.name == "deploy" && byName.timeToLive == .seconds(300))
        let inline = try found(
            TimelineYAML.start(
                json: #"{"timeline": {"stages": [{"for": "2s", "profile": "offline"}]}, "per": "client"}"#, source: "body",
                named: named))
        #expect(inline.name == "inline" && inline.scope == .client && inline.stages[0].dropsConnections)
        guard case .unknownName(let unknown) = try TimelineYAML.start(json: #"{"name": "tunel"}"#, source: "body", named: named)
        else {
            Issue.record("an unknown name was found")
            return
        }
        #expect("\(unknown)" == "body:1:10: name: no timeline named tunel; the config file has tunnel, deploy")
        #expect {
            try TimelineYAML.start(
                json: "{\"timeline\": {\"stages\": [{\"for\": \"2s\",\n \"latency\": \"fast\"}]}}", source: "body", named: named)
        } throws: { "\($0)".hasPrefix("body:2:13: timeline.stages[0].latency:") }
        #expect(throws: ConfigError.self) { try TimelineYAML.start(json: "{", source: "body", named: named) }
        // What the network may send: deep nesting, YAML that is not JSON (anchors and aliases).
        #expect {
            try TimelineYAML.start(json: #"{"timeline": "# + String(repeating: "[", count: 100_000), source: "body", named: named)
        } throws: { "\($0)".hasPrefix("body:1:45: nesting too deep") }
        #expect {
            try TimelineYAML.start(json: "a: &x [*x]\nname: tunnel", source: "body", named: named)
        } throws: { "\($0)".hasPrefix("body:1:1: unknown word 'a'") }
        // JSON whose escapes YAML has not (a surrogate pair) is read all the same.
        let pair = try found(
            TimelineYAML.start(
                json: #"{"timeline": {"stages": [{"for": "1s", "name": "\ud83d\ude07"}]}}"#, source: "body", named: named))
        #expect(pair.stages[0].name == "😇")
        #expect(throws: ConfigError.self) { try TimelineYAML.start(json: "{}", source: "body", named: named) }
    }

    // MARK: - Running, on a clock the test moves

    @Test func theServersClockMovesThroughTheStages() async throws {
        let loop = NIOAsyncTestingEventLoop()
        let runs = TimelineRuns(loop: loop)
        #expect(runs.stage(for: "a") == nil && !runs.isRunning)
        runs.start(Self.tunnel)
        #expect(runs.stage(for: "a")?.mark.name == "lte")
        await loop.advanceTime(by: .seconds(2))
        #expect(runs.stage(for: "a")?.mark == StageMark(timeline: "tunnel", index: 1, name: "offline"))
        await loop.advanceTime(by: .seconds(1))
        #expect(runs.stage(for: "b")?.mark.name == "edge", "one clock for every client")
        await loop.advanceTime(by: .seconds(2))
        #expect(runs.stage(for: "a") == nil, "reverted after the last stage")
        #expect(!runs.isRunning && runs.status().isEmpty)
        await loop.shutDownAfterPendingWork()
    }

    @Test func eachClientHasAClockOfItsOwn() async throws {
        let loop = NIOAsyncTestingEventLoop()
        let runs = TimelineRuns(loop: loop)
        var timeline = Self.tunnel
        timeline.scope = .client
        runs.start(timeline)
        await loop.advanceTime(by: .seconds(10))
        // Nobody has asked yet: the first request starts each clock.
        #expect(runs.stage(for: "first")?.mark.name == "lte")
        await loop.advanceTime(by: .seconds(2))
        #expect(runs.stage(for: "first")?.mark.name == "offline")
        #expect(runs.stage(for: "second")?.mark.name == "lte")
        await loop.advanceTime(by: .seconds(1))
        #expect(runs.stage(for: "first")?.mark.name == "edge")
        #expect(runs.stage(for: "second")?.mark.name == "lte")
        await loop.advanceTime(by: .seconds(2))
        #expect(runs.stage(for: "first") == nil, "the first client's story is over")
        #expect(runs.stage(for: "second")?.mark.name == "edge")
        #expect(Set(runs.status().compactMap(\.client)) == ["first", "second"])
        await loop.shutDownAfterPendingWork()
    }

    @Test func aClientsOwnTimelineWinsAndAStartReplaces() async throws {
        let loop = NIOAsyncTestingEventLoop()
        let runs = TimelineRuns(loop: loop)
        let deploy = Timeline(name: "deploy", stages: [Self.stage(60, "down")])
        #expect(runs.start(Self.tunnel).replaced == nil)
        #expect(runs.stage(for: "tester", header: deploy)?.mark.name == "down")
        #expect(runs.stage(for: "other")?.mark.name == "lte")
        await loop.advanceTime(by: .seconds(2))
        // Its own clock started with its header; naming the same timeline again keeps it.
        #expect(runs.stage(for: "tester", header: deploy)?.mark.name == "down")
        #expect(runs.start(deploy).replaced == "tunnel")
        #expect(runs.stage(for: "other")?.mark.name == "down")
        #expect(runs.stopAll() == "deploy")
        #expect(runs.stage(for: "tester") == nil && !runs.isRunning)
        await loop.shutDownAfterPendingWork()
    }

    @Test func clientsOwnTimelinesAreBounded() async throws {
        let loop = NIOAsyncTestingEventLoop()
        let runs = TimelineRuns(loop: loop)
        let deploy = Timeline(name: "deploy", stages: [Self.stage(60, "down")])
        for client in 0...TimelineRuns.clientLimit {
            _ = runs.stage(for: "client-\(client)", header: deploy)
        }
        let clients = Set(runs.status().compactMap(\.client))
        #expect(clients.count == TimelineRuns.clientLimit)
        #expect(clients.contains("client-\(TimelineRuns.clientLimit)"), "the newest is kept")
        await loop.shutDownAfterPendingWork()
    }

    @Test func aTimeToLiveEndsAForgottenTimeline() async throws {
        let loop = NIOAsyncTestingEventLoop()
        let runs = TimelineRuns(loop: loop)
        var timeline = Self.tunnel
        timeline.loops = true
        timeline.scope = .client
        timeline.timeToLive = .seconds(30)
        runs.start(timeline)
        await loop.advanceTime(by: .seconds(29))
        #expect(runs.stage(for: "late")?.mark.name == "lte")
        await loop.advanceTime(by: .seconds(1))
        #expect(runs.stage(for: "late") == nil)
        #expect(!runs.isRunning)
        await loop.shutDownAfterPendingWork()
    }

    @Test func aReloadGivesTheRunningTimelineItsNewStagesOnItsClock() async throws {
        let loop = NIOAsyncTestingEventLoop()
        let runs = TimelineRuns(loop: loop)
        runs.start(Self.tunnel)
        await loop.advanceTime(by: .milliseconds(2_500))
        var changed = Self.tunnel
        changed.stages[1].name = "tunnel"
        runs.reload([changed])
        #expect(runs.stage(for: "a")?.mark.name == "tunnel")
        // A reload that no longer names it leaves it running as it was.
        runs.reload([])
        #expect(runs.stage(for: "a")?.mark.name == "tunnel")
        await loop.shutDownAfterPendingWork()
    }
}
