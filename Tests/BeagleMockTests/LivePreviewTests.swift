import BeagleScreens
import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine

/// `--live-preview` (Docs/LivePreview.md): Beagle's Live Preview clients get the screen on the
/// devices as they connect and after each save, as their platform gets it, compact, without the
/// word `Welcome`; a screen that does not validate is not sent; a pinned route wins over saves.
@Suite struct LivePreviewTests {
    private static func connect(_ port: Int, path: String = "/") async throws -> RawConnection {
        try await WebSocketUpgrade.connect(port: port, path: path)
    }

    private static func screen(_ text: String) -> String {
        """
        {
          "_beagleComponent_": "beagle:screenComponent",
          "child": {"_beagleComponent_": "beagle:text", "text": "\(text)"}
        }
        """
    }

    /// The compact frame of `screen(text)`, `Welcome` escaped.
    private static func frame(_ text: String) -> String {
        #"{"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:text","text":""#
            + text.replacing("Welcome", with: #"\u0057elcome"#) + #""}}"#
    }

    @Test func framesAreCompactAndNeverSayWelcome() {
        let text = LiveFrame.text(compacting: Array(Self.screen("Welcome back, \\\"friend\\\"  !").utf8))
        #expect(text == Self.frame("Welcome back, \\\"friend\\\"  !"))
        #expect(!text.contains("Welcome"))
        let decoded = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect((decoded?["child"] as? [String: Any])?["text"] as? String == "Welcome back, \"friend\"  !")
    }

    @Test func aPathNamesThePlatformAndAnyOtherIsIOS() {
        #expect(LivePreviewDoor.platform(forPath: "/android") == .android)
        #expect(LivePreviewDoor.platform(forPath: "/Android/anything") == .android)
        #expect(LivePreviewDoor.platform(forPath: "/web") == .web)
        #expect(LivePreviewDoor.platform(forPath: "/") == .ios)
        #expect(LivePreviewDoor.platform(forPath: "/preview") == .ios)
    }

    @Test func aSaveReachesEachPlatformAsItGetsTheScreen() async throws {
        let files = [
            "screens/home.json": Self.screen("plain"), "screens/home.android.json": Self.screen("android"),
            "screens/cart.json": Self.screen("cart"),
        ]
        let log = LogCapture()
        try await withMockServer(files: files) {
            $0.livePreviewPort = 0
            $0.logger = log.logger
        } _: { server, folder in
            let port = try #require(server.livePreviewPort)
            let ios = try await Self.connect(port)
            let android = try await Self.connect(port, path: "/android")
            try folder.write("screens/home.json", Self.screen("Welcome home"))
            #expect(await ios.waitFor(text: Self.frame("Welcome home")))
            #expect(await android.waitFor(text: Self.frame("android")))

            // A save that is not JSON is not sent; the status says why; a client that connects
            // then gets what its platform was last sent.
            _ = await ios.readToEnd(timeout: .milliseconds(1))
            try folder.write("screens/broken.json", "{")
            let operations = server.server.operations
            #expect(await log.wait { $0.contains { $0.message.hasPrefix("live preview: /broken not sent") } })
            #expect(operations.live.route == "/broken")
            #expect(operations.live.problem?.contains("not JSON") == true)
            #expect(!ios.received.contains("{"), "nothing was sent for the broken save")
            let late = try await Self.connect(port)
            #expect(await late.waitFor(text: Self.frame("Welcome home")))

            // A pinned route wins over saves, and is sent at once.
            try operations.pinLiveScreen("/cart")
            #expect(await ios.waitFor(text: Self.frame("cart")))
            #expect(operations.liveStatus().pinned)
            for client in [ios, android, late] { await client.close() }
        }
    }

    @Test func theAdminAPIShowsTheDevicesAndPins() async throws {
        try await withMockServer(files: ["screens/home.json": Self.screen("home"), "screens/cart.json": Self.screen("c")]) {
            $0.livePreviewPort = 0
        } _: { server, _ in
            let port = try #require(server.livePreviewPort)
            let android = try await Self.connect(port, path: "/android")
            let pin = try #require(
                try await HTTPProbe.request(
                    port: server.port, method: "PUT", target: "/__admin/live-preview",
                    headers: [("Content-Type", "application/json")], body: Array(#"{"route":"/cart"}"#.utf8)))
            #expect(pin.status == 200)
            #expect(pin.text.contains(#""route":"/cart""#))
            #expect(pin.text.contains(#""platform":"ANDROID""#))
            #expect(await android.waitFor(text: Self.frame("c")))
            let missing = try #require(
                try await HTTPProbe.request(
                    port: server.port, method: "PUT", target: "/__admin/live-preview",
                    headers: [("Content-Type", "application/json")], body: Array(#"{"route":"/nowhere"}"#.utf8)))
            #expect(missing.status == 404)
            let unpinned = try #require(
                try await HTTPProbe.request(port: server.port, method: "DELETE", target: "/__admin/live-preview"))
            #expect(unpinned.text.contains(#""pinned":false"#))
            await android.close()
        }
    }

    @Test func theEventStreamTellsOfDevicesAndSaves() async throws {
        try await withMockServer(files: ["screens/home.json": Self.screen("home")]) {
            $0.livePreviewPort = 0
        } _: { server, folder in
            let port = try #require(server.livePreviewPort)
            let events = try await RawConnection.connect(port: server.port)
            try await events.send("GET /__admin/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            // As the stream opens: no device, nothing saved.
            #expect(await events.waitFor(text: #""route":null,"saves":0}"#))
            let android = try await Self.connect(port, path: "/android")
            #expect(await events.waitFor(text: #""platform":"ANDROID""#))
            try folder.write("screens/home.json", Self.screen("saved"))
            #expect(await events.waitFor(text: #""route":"/home","saves":1}"#))
            #expect(events.received.contains("event: live-preview\ndata: {"))
            // The device leaves without a close frame, as an app whose network drops.
            await android.close()
            #expect(
                await events.waitFor(text: #"data: {"devices":[],"pinned":false,"problem":null,"route":"/home""#),
                "\(events.received)")
            await events.close()
        }
    }

    @Test func hotReloadAndLivePreviewFollowOneWatch() async throws {
        try await withMockServer(files: ["screens/home.json": Self.screen("home")]) {
            $0.livePreviewPort = 0
            $0.reloadPort = 0
        } _: { server, folder in
            let preview = try await Self.connect(try #require(server.livePreviewPort), path: "/android")
            let reload = try await Self.connect(try #require(server.reloadPort))
            try folder.write("screens/home.json", Self.screen("both"))
            #expect(await preview.waitFor(text: Self.frame("both")))
            #expect(await reload.waitFor(text: ReloadDoor.frame))
            for client in [preview, reload] { await client.close() }
        }
    }

    @Test func withoutLivePreviewTheEndpointSaysItIsOff() async throws {
        try await withMockServer(files: ["screens/home.json": Self.screen("home")]) { server, _ in
            let answer = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/live-preview"))
            #expect(answer.status == 404)
            #expect(answer.text.contains("--live-preview"))
        }
    }
}
