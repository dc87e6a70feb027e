import BeagleMock
import Foundation
import MockTestSupport
import Testing

/// `probe --save DIR` then `serve DIR/screens`: every crawled route and image answers with the
/// bytes the probe received.
/// One at a time: each test runs servers and `beagle-mock` processes beside the rest of the suite.
@Suite(.serialized) struct SnapshotRoundTripTests {
    /// Probes `server` from `start` with `--save` into a fresh folder, serves the folder, and
    /// compares every saved route between the two servers, byte for byte.
    func roundTrip(_ server: RunningMockServer, start: String, platform: String = "IOS") async throws -> [String] {
        let snapshot = FileManager.default.temporaryDirectory.appendingPathComponent("probe-save-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: snapshot) }
        let run = try await CommandRunner.run([
            "probe", server.baseURL + start, "--depth", "100", "--platform", platform, "--format", "json", "--save",
            snapshot.path,
        ])
        #expect(run.status == 0, "\(run.output)\(run.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        let saved = try #require(object["snapshot"] as? [String: Any])
        #expect(saved["notSaved"] as? Int == 0)
        #expect(saved["platform"] as? String == platform)
        #expect(!results.isEmpty)
        var compared: [String] = []
        try await withMockServer(MockServerConfiguration(screensDirectory: snapshot.path + "/screens")) { copy in
            for result in results {
                let route = try #require(result["route"] as? String)
                #expect(result["savedAs"] as? String != nil, "\(route) was not saved")
                let headers = [("beagle-platform", platform)]
                let original = try #require(
                    try await HTTPProbe.request(port: server.port, target: route, headers: headers), "no answer for \(route)")
                let served = try #require(
                    try await HTTPProbe.request(port: copy.port, target: route, headers: headers), "no answer for \(route)")
                #expect(original.status == 200)
                #expect(served.status == 200, "\(route): \(served.text)")
                #expect(served.body == original.body, "\(route) differs")
                #expect(served.body.count == result["bytes"] as? Int)
                compared.append(route)
            }
        }
        return compared
    }

    @Test func theSampleAppServedFromItsSnapshotAnswersTheSameBytes() async throws {
        let expected = try SampleApp.reachable()
        let compared = try await withMockServer(MockServerConfiguration(screensDirectory: SampleApp.screens.path)) { server in
            try await roundTrip(server, start: "/home")
        }
        #expect(Set(compared) == Set(expected.screens.keys).union(expected.images.keys))
    }

    @Test func theSnapshotIsOfThePlatformProbed() async throws {
        try await withMockServer(MockServerConfiguration(screensDirectory: SampleApp.screens.path)) { server in
            _ = try await roundTrip(server, start: "/home", platform: "WEB")
        }
    }

    @Test func routesThatArePrefixesOfOthersAndOddNamesRoundTrip() async throws {
        let home = ScreenJSON.screen(
            ScreenJSON.link("/catalog"), ScreenJSON.link("/catalog/item-1"), ScreenJSON.link("/promo.ios"),
            ScreenJSON.link("/cart.post"), ScreenJSON.link("/user/Ana%20Maria"), ScreenJSON.image("/banner.png"),
            ScreenJSON.image("/images/products/mug.png"))
        let files = [
            "screens/index.json": home,
            "screens/catalog/index.json": ScreenJSON.screen(ScreenJSON.link("/catalog/item-2")),
            "screens/catalog/item-1.json": ScreenJSON.screen(ScreenJSON.text("one")),
            "screens/catalog/item-2.json": ScreenJSON.screen(ScreenJSON.lazy("/catalog/item-2/panel")),
            "screens/catalog/item-2/panel.json": ScreenJSON.text("panel"),
            "screens/promo.ios/index.json": ScreenJSON.screen(ScreenJSON.text("named like a variant")),
            "screens/cart.post/index.json": ScreenJSON.screen(ScreenJSON.text("named like a method file")),
            "screens/user/Ana Maria.json": ScreenJSON.screen(ScreenJSON.text("a space")),
        ]
        try await withMockServer(files: files) { server, folder in
            try folder.write("screens/banner.png", FakeBFF.png)
            try folder.write(
                "images/products/mug.png", try Data(contentsOf: SampleApp.root.appendingPathComponent("images/products/mug.png")))
            let compared = try await roundTrip(server, start: "/")
            #expect(
                Set(compared) == [
                    "/", "/catalog", "/catalog/item-1", "/catalog/item-2", "/catalog/item-2/panel", "/promo.ios", "/cart.post",
                    "/user/Ana%20Maria", "/banner.png", "/images/products/mug.png",
                ])
        }
    }
}
