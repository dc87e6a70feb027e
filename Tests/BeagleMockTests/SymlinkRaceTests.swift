import BeagleMock
import Foundation
import MockTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file swapped between a regular file and a symlink to the outside while it is requested: the
/// server judges what it opened, so no response ever carries the outside file's bytes.
@Suite struct SymlinkRaceTests {
    static let inside = #"{"inside":true}"#
    static let secret = "OUTSIDE-SECRET"

    /// With the server's lookups kept while its folders are watched (0) and without.
    @Test(arguments: [0, Int.max])
    func aFileSwappedForASymlinkNeverLeaksTheOutside(lookupsBeforeWatching: Int) async throws {
        let folder = try TemporaryScreens([
            "secret.json": #"{"leak":"\#(Self.secret)"}"#,
            "screens/race.json": Self.inside,
            "screens/home.json": "{}",
        ])
        defer { folder.remove() }
        var configuration = MockServerConfiguration(screensDirectory: folder.screens, port: 0)
        configuration.lookupsBeforeWatching = lookupsBeforeWatching
        try await withMockServer(configuration) { server in
            let swapper = Swapper(screens: folder.screens, outside: folder.root + "/secret.json", inside: Self.inside)
            let thread = Thread { swapper.run() }
            thread.start()
            defer { swapper.stop() }
            var leaked = 0
            var served = 0
            try await withThrowingTaskGroup(of: (leaked: Int, served: Int).self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        let client = try await KeepAliveClient.connect(port: server.port)
                        var tally = (leaked: 0, served: 0)
                        for _ in 0..<250 {
                            let response = try await client.request("GET", "/race")
                            let body = String(decoding: response.body, as: UTF8.self)
                            if body.contains(Self.secret) { tally.leaked += 1 }
                            if response.status == 200, body == Self.inside { tally.served += 1 }
                        }
                        await client.close()
                        return tally
                    }
                }
                for try await tally in group {
                    leaked += tally.leaked
                    served += tally.served
                }
            }
            swapper.stop()
            #expect(leaked == 0, "\(leaked) of 2,000 responses carried the outside file")
            // The race was run: the inside file was served between swaps, and swaps happened.
            #expect(served > 0)
            #expect(swapper.swaps > 100)
        }
    }
}

/// Swaps `race.json` between a symlink to `outside` and a regular file, by rename (as `mv -T`
/// does), until stopped; on a thread of its own so that it never waits for the server's tasks.
private final class Swapper: Sendable {
    let screens: String
    let outside: String
    let inside: String
    private let stopped = Atomic<Bool>(false)
    private let count = Atomic<Int>(0)

    init(screens: String, outside: String, inside: String) {
        self.screens = screens
        self.outside = outside
        self.inside = inside
    }

    /// How many swaps so far.
    var swaps: Int { count.load(ordering: .relaxed) }

    func stop() { stopped.store(true, ordering: .relaxed) }

    func run() {
        let target = screens + "/race.json"
        let link = screens + "/.link"
        let regular = screens + "/.regular"
        while !stopped.load(ordering: .relaxed) {
            unlink(link)
            symlink(outside, link)
            rename(link, target)
            _ = FileManager.default.createFile(atPath: regular, contents: Data(inside.utf8))
            rename(regular, target)
            count.add(1, ordering: .relaxed)
        }
    }
}
