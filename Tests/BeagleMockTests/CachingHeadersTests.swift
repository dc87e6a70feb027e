import BeagleMock
import MockTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Strong ETags, Last-Modified and 304s (Docs/ScreensFolder.md).
@Suite struct CachingHeadersTests {
    static let files = ["screens/home.json": #"{"home":1}"#, "images/logo.png": "PNG"]

    @Test func sendsStrongETagAndLastModified() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/home"))
            let etag = try #require(response.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
            #expect(response.header("Last-Modified")?.hasSuffix(" GMT") == true)
            #expect(response.header("Cache-Control") == "no-cache")
            #expect(response.header("Date") != nil)
        }
    }

    @Test func etagFollowsTheBytes() async throws {
        try await withMockServer(files: Self.files) { server, folder in
            let first = try #require(try await HTTPProbe.request(port: server.port, target: "/home"))
            try folder.write("screens/home.json", #"{"home":2}"#)
            let second = try #require(try await HTTPProbe.request(port: server.port, target: "/home"))
            #expect(second.text == #"{"home":2}"#)
            #expect(first.header("ETag") != second.header("ETag"))
        }
    }

    @Test(arguments: ["", "W/"])
    func ifNoneMatchGives304(prefix: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let first = try #require(try await HTTPProbe.request(port: server.port, target: "/home"))
            let etag = try #require(first.header("ETag"))
            let again = try #require(
                try await HTTPProbe.request(
                    port: server.port, target: "/home", headers: [("If-None-Match", "\"other\", " + prefix + etag)]))
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == etag)
            let star = try #require(
                try await HTTPProbe.request(port: server.port, target: "/home", headers: [("If-None-Match", "*")]))
            #expect(star.status == 304)
            let other = try #require(
                try await HTTPProbe.request(port: server.port, target: "/home", headers: [("If-None-Match", "\"nope\"")]))
            #expect(other.status == 200)
        }
    }

    @Test func ifModifiedSinceGives304() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let first = try #require(try await HTTPProbe.request(port: server.port, target: "/images/logo.png"))
            let modified = try #require(first.header("Last-Modified"))
            let same = try #require(
                try await HTTPProbe.request(
                    port: server.port, target: "/images/logo.png", headers: [("If-Modified-Since", modified)]))
            #expect(same.status == 304)
            let old = try #require(
                try await HTTPProbe.request(
                    port: server.port, target: "/images/logo.png",
                    headers: [("If-Modified-Since", "Sun, 06 Nov 1994 08:49:37 GMT")]))
            #expect(old.status == 200)
            let garbage = try #require(
                try await HTTPProbe.request(
                    port: server.port, target: "/images/logo.png", headers: [("If-Modified-Since", "yesterday")]))
            #expect(garbage.status == 200)
            // If-None-Match decides when both are present.
            let both = try #require(
                try await HTTPProbe.request(
                    port: server.port, target: "/images/logo.png",
                    headers: [("If-None-Match", "\"nope\""), ("If-Modified-Since", modified)]))
            #expect(both.status == 200)
        }
    }
}

/// Edits are live: a request always sees the file as it is on disk now, whether the server keeps
/// its lookups while the folders are watched (`lookupsBeforeWatching` 0) or looks up every time.
@Suite struct LiveEditTests {
    static let watching = [0, Int.max]

    /// A server over `files` that watches its folders after `lookups` lookups.
    func withServer(
        _ files: [String: String], watchingAfter lookups: Int, _ body: (RunningMockServer, TemporaryScreens) async throws -> Void
    ) async throws {
        try await withMockServer(files: files, configure: { $0.lookupsBeforeWatching = lookups }, body)
    }

    @Test(arguments: Self.watching)
    func sameSizeEditWithinTheSameSecondIsSeen(watchingAfter lookups: Int) async throws {
        try await withServer(["screens/home.json": #"{"v":"a"}"#], watchingAfter: lookups) { server, folder in
            for version in ["b", "c", "d", "e"] {
                try folder.write("screens/home.json", #"{"v":"\#(version)"}"#)
                let response = try #require(try await HTTPProbe.request(port: server.port, target: "/home"))
                #expect(response.text == #"{"v":"\#(version)"}"#)
            }
        }
    }

    @Test(arguments: Self.watching)
    func fileReplacedByRenameIsSeen(watchingAfter lookups: Int) async throws {
        try await withServer(["screens/home.json": #"{"v":"old"}"#], watchingAfter: lookups) { server, folder in
            _ = try await HTTPProbe.request(port: server.port, target: "/home")
            try folder.write("screens/.home.json.swp", #"{"v":"new"}"#)
            #expect(rename(folder.screens + "/.home.json.swp", folder.screens + "/home.json") == 0)
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/home"))
            #expect(response.text == #"{"v":"new"}"#)
        }
    }

    @Test(arguments: Self.watching)
    func newAndDeletedFilesAreSeen(watchingAfter lookups: Int) async throws {
        try await withServer(["screens/home.json": "{}"], watchingAfter: lookups) { server, folder in
            let before = try #require(try await HTTPProbe.request(port: server.port, target: "/late"))
            #expect(before.status == 404)
            try folder.write("screens/late.json", #"{"late":true}"#)
            let after = try #require(try await HTTPProbe.request(port: server.port, target: "/late"))
            #expect(after.status == 200)
            #expect(unlink(folder.screens + "/late.json") == 0)
            let gone = try #require(try await HTTPProbe.request(port: server.port, target: "/late"))
            #expect(gone.status == 404)
        }
    }

    @Test(arguments: Self.watching)
    func anImageReplacedByRenameIsSeen(watchingAfter lookups: Int) async throws {
        try await withServer(["screens/home.json": "{}", "images/logo.png": "PNG-1"], watchingAfter: lookups) { server, folder in
            for version in 2...4 {
                _ = try await HTTPProbe.request(port: server.port, target: "/images/logo.png")
                try Self.replace("images/logo.png", with: "PNG-\(version)", in: folder)
                let response = try #require(try await HTTPProbe.request(port: server.port, target: "/images/logo.png"))
                #expect(response.text == "PNG-\(version)")
            }
        }
    }

    @Test(arguments: Self.watching)
    func aPlatformVariantThatAppearsTakesOver(watchingAfter lookups: Int) async throws {
        try await withServer(["screens/home.json": #"{"for":"all"}"#], watchingAfter: lookups) { server, folder in
            let ios = [("beagle-platform", "IOS")]
            let before = try #require(try await HTTPProbe.request(port: server.port, target: "/home", headers: ios))
            #expect(before.text == #"{"for":"all"}"#)
            try folder.write("screens/home.ios.json", #"{"for":"ios"}"#)
            let after = try #require(try await HTTPProbe.request(port: server.port, target: "/home", headers: ios))
            #expect(after.text == #"{"for":"ios"}"#)
            #expect(unlink(folder.screens + "/home.ios.json") == 0)
            let gone = try #require(try await HTTPProbe.request(port: server.port, target: "/home", headers: ios))
            #expect(gone.text == #"{"for":"all"}"#)
        }
    }

    @Test(arguments: Self.watching)
    func filesInAFolderMadeWhileServingAreSeen(watchingAfter lookups: Int) async throws {
        try await withServer(["screens/home.json": "{}"], watchingAfter: lookups) { server, folder in
            _ = try await HTTPProbe.request(port: server.port, target: "/home")
            try folder.write("screens/shop/cart.json", #"{"v":0}"#)
            for version in 1...3 {
                _ = try await HTTPProbe.request(port: server.port, target: "/shop/cart")
                try Self.replace("screens/shop/cart.json", with: #"{"v":\#(version)}"#, in: folder)
                let response = try #require(try await HTTPProbe.request(port: server.port, target: "/shop/cart"))
                #expect(response.text == #"{"v":\#(version)}"#)
            }
        }
    }

    /// Replaces `path` by renaming a new file over it, as editors that save safely do: a new file,
    /// so that a descriptor of the old one still reads the old bytes.
    static func replace(_ path: String, with content: String, in folder: TemporaryScreens) throws {
        let slash = try #require(path.lastIndex(of: "/"))
        let temporary = String(path[...slash]) + "." + String(path[path.index(after: slash)...]) + ".swp"
        try folder.write(temporary, content)
        #expect(rename(folder.root + "/" + temporary, folder.root + "/" + path) == 0)
    }

    @Test func largeFilesAreStreamedWhole() async throws {
        let big = String(repeating: "0123456789abcdef", count: 200_000)  // 3.2 MB
        try await withMockServer(files: ["screens/home.json": "{}", "images/big.txt": big]) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/images/big.txt"))
            #expect(response.status == 200)
            #expect(response.body.count == big.utf8.count)
            #expect(response.text == big)
            let again = try #require(
                try await HTTPProbe.request(
                    port: server.port, target: "/images/big.txt", headers: [("If-None-Match", response.header("ETag") ?? "")]))
            #expect(again.status == 304)
        }
    }
}
