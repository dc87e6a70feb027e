import BeagleMock
import Foundation
import MockTestSupport
import NIOCore
import NIOEmbedded
import Testing

/// BeagleNetworking's client through a network timeline (Docs/Timelines.md), stage after stage,
/// on a clock the test moves: it sees the exact story the timeline tells. Its requests go
/// through `network-probe`, since the offline stage drops connections (see `NetworkProbe`).
@Suite struct TimelineClientTests {
    static let config = """
        timeline:
          trip:
            stages:
              - {for: 10s, name: platform}
              - {for: 10s, profile: offline}
              - {for: 10s, name: deploy, faults: ["status:503"]}
        """

    @Test func theClientSeesEachStageInTurn() async throws {
        let loop = NIOAsyncTestingEventLoop()
        var files = Fixtures.files
        files["screens/beagle-mock.yml"] = Self.config
        var seen: [NetworkProbe.Result] = []
        var raw: [NetworkProbe.Result] = []
        try await withMockServer(files: files) {
            $0.timelineLoop = loop
            $0.timeline = "trip"
        } _: { server, _ throws in
            let home = "\(server.baseURL)/home"
            for step in 0..<4 {
                if step > 0 { await loop.advanceTime(by: .seconds(10)) }
                seen += try await NetworkProbe.run(.library, urls: [home])
                // What URLSession itself raised, under the library's mapping.
                if step == 1 { raw = try await NetworkProbe.run(.urlsession, urls: [home]) }
            }
        }
        await loop.shutDownAfterPendingWork()
        try #require(seen.count == 4, "\(seen)")
        #expect(seen[0].outcome == "success" && seen[0].status == 200, "on the platform: \(seen[0])")
        // Offline: the connection is reset, which URLSession reports as a URLError.
        #expect(seen[1].failure == "connectionReset", "in the tunnel: \(seen[1])")
        let urlError = try #require(raw.first)
        #expect(urlError.domain == NSURLErrorDomain && urlError.code == NSURLErrorNetworkConnectionLost, "\(urlError)")
        #expect(seen[2].failure == "httpStatus" && seen[2].failureCode == 503, "during the deploy: \(seen[2])")
        #expect(seen[3].outcome == "success" && seen[3].status == 200, "back: \(seen[3])")
    }
}
