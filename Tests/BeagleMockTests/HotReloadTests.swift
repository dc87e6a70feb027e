import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// `--reload-port` (Docs/LivePreview.md, "Hot reload"): a WebSocket on which every client gets
/// `reload` after a served file changes, pings are answered, and nothing else is taken from clients.
@Suite struct HotReloadTests {
    private static func connect(_ port: Int, path: String = "/") async throws -> RawConnection {
        try await WebSocketUpgrade.connect(port: port, path: path)
    }

    @Test func aSaveSendsReloadToEveryClient() async throws {
        try await withMockServer(files: ["screens/home.json": #"{"_beagleComponent_":"beagle:text","text":"a"}"#]) {
            $0.reloadPort = 0
        } _: { server, folder in
            let port = try #require(server.reloadPort)
            let flutter = try await Self.connect(port)
            let other = try await Self.connect(port, path: "/any/path")
            // Beagle Flutter says which platform it is; that changes nothing.
            try await flutter.send(WebSocketUpgrade.clientFrame(opcode: 1, Array(#"{"platform":"Flutter"}"#.utf8)))
            try folder.write("screens/home.json", #"{"_beagleComponent_":"beagle:text","text":"b"}"#)
            #expect(await flutter.waitFor(text: "reload"))
            #expect(await other.waitFor(text: "reload"))
            await flutter.close()
            await other.close()
        }
    }

    @Test func pingsAreAnsweredAndPlainHTTPIsToldToUpgrade() async throws {
        try await withMockServer(files: ["screens/home.json": "{}"]) {
            $0.reloadPort = 0
        } _: { server, _ in
            let port = try #require(server.reloadPort)
            let client = try await Self.connect(port)
            try await client.send(WebSocketUpgrade.clientFrame(opcode: 9, Array("pq".utf8)))
            // The pong carries the ping's bytes, unmasked.
            #expect(await client.waitFor(text: "pq"))
            await client.close()
            let plain = try await RawConnection.connect(port: port, sending: "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let answer = try #require(await plain.readResponse())
            #expect(answer.status == 426)
            #expect(answer.text.contains("WebSocket"))
        }
    }

    @Test func stoppingTheServerClosesWithGoingAway() async throws {
        try await withMockServer(files: ["screens/home.json": "{}"]) {
            $0.reloadPort = 0
        } _: { server, _ in
            let port = try #require(server.reloadPort)
            let client = try await Self.connect(port)
            _ = await client.readToEnd(timeout: .milliseconds(1))
            try await server.stop()
            let (bytes, ending) = await client.readToEnd()
            // A close frame with 1001, "going away": Android's client reconnects after it.
            #expect(Self.count([0x88, 0x02, 0x03, 0xE9], in: bytes) == 1)
            #expect(ending != .open)
        }
    }

    @Test func aBurstOfChangesIsToldOnceItIsQuiet() {
        var debounce = ChangeDebounce(quiet: .milliseconds(100))
        let start = ContinuousClock.now
        #expect(debounce.due == nil)
        var fired = debounce.fire(at: start)
        #expect(!fired)
        debounce.changed(at: start)
        debounce.changed(at: start + .milliseconds(60))
        #expect(debounce.due == start + .milliseconds(160))
        fired = debounce.fire(at: start + .milliseconds(120))
        #expect(!fired, "60 ms after the last change: the burst goes on")
        fired = debounce.fire(at: start + .milliseconds(160))
        #expect(fired)
        fired = debounce.fire(at: start + .milliseconds(500))
        #expect(!fired, "told once")
        #expect(debounce.due == nil)
    }

    private static func count(_ needle: [UInt8], in bytes: [UInt8]) -> Int {
        guard bytes.count >= needle.count else { return 0 }
        return (0...(bytes.count - needle.count)).filter { Array(bytes[$0..<($0 + needle.count)]) == needle }.count
    }
}
