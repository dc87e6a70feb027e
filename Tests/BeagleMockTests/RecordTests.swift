import BeagleScreens
import Foundation
import HTTPTypes
import Logging
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// `--record` (Docs/Proxy.md, "Grow your mock from the real BFF"): which file a proxied success
/// becomes, how it is written, and the round trip back to a folder that works offline.
@Suite struct RecordTests {
    static func target(
        _ method: HTTPRequest.Method, _ target: String, platform: BeaglePlatform? = nil, type: String? = "application/json"
    ) throws -> String {
        let path = try RequestPath(target: Substring(target))
        switch RecordTarget.target(method: method, path: path, platform: platform, contentType: type, hasImages: true) {
        case .success(let found): return (found.folder == .images ? "images/" : "screens/") + found.relativePath
        case .failure(let refusal): return "refused: \(refusal)"
        }
    }

    @Test func aResponseBecomesTheFileThatAnswersTheSameRequest() throws {
        #expect(try Self.target(.get, "/home") == "screens/home.json")
        #expect(try Self.target(.get, "/home?tab=2") == "screens/home.json")
        #expect(try Self.target(.get, "/home.json") == "screens/home.json")
        #expect(try Self.target(.get, "/home", platform: .ios) == "screens/home.ios.json")
        #expect(try Self.target(.get, "/home", platform: .android) == "screens/home.android.json")
        #expect(try Self.target(.get, "/") == "screens/index.json")
        #expect(try Self.target(.get, "/catalog/item-1", platform: .web) == "screens/catalog/item-1.web.json")
        #expect(try Self.target(.post, "/cart") == "screens/cart.post.json")
        #expect(try Self.target(.delete, "/cart/7", platform: .ios) == "screens/cart/7.delete.ios.json")
        #expect(try Self.target(.get, "/images/logo.png", type: "image/png") == "images/logo.png")
        #expect(try Self.target(.get, "/banner.png", type: "application/json") == "screens/banner.png")
        #expect(try Self.target(.get, "/home", type: "application/problem+json; charset=utf-8") == "screens/home.json")
        #expect(try Self.target(.get, "/home", type: nil) == "screens/home.json")
    }

    @Test func namesThatWouldNotAnswerOrAreNotSafeAreRefused() throws {
        #expect(try Self.target(.get, "/avatar", type: "image/png").hasPrefix("refused: the route's file is a JSON screen"))
        #expect(try Self.target(.get, "/home", type: "text/html").hasPrefix("refused"))
        #expect(try Self.target(.get, "/beagle-mock.yml").hasPrefix("refused: the path would make the config file's name"))
        #expect(try Self.target(.get, "/.git/config").hasPrefix("refused: the path would make a hidden name"))
        #expect(try Self.target(.get, "/product/%5Bid%5D").hasPrefix("refused: the path would make a bracketed name"))
        #expect(try Self.target(.options, "/home").hasPrefix("refused: no file answers OPTIONS"))
        #expect(try Self.target(.head, "/home").hasPrefix("refused: no file answers HEAD"))
    }

    @Test func theWriterKeepsOrReplacesAndLeavesNoTemporaryFile() throws {
        let folder = try TemporaryScreens(["screens/home.json": "old"])
        defer { folder.remove() }
        let writer = ContainedFileWriter(root: try #require(ContainedRoot(directory: folder.screens)).path, forbidden: nil)
        #expect(try writer.write(Array("new".utf8), as: ["home.json"], overwrite: false) == .kept)
        #expect(try String(contentsOfFile: folder.screens + "/home.json", encoding: .utf8) == "old")
        #expect(try writer.write(Array("new".utf8), as: ["home.json"], overwrite: true) == .written)
        #expect(try String(contentsOfFile: folder.screens + "/home.json", encoding: .utf8) == "new")
        #expect(try writer.write(Array("deep".utf8), as: ["a", "b", "c.json"], overwrite: false) == .written)
        #expect(try String(contentsOfFile: folder.screens + "/a/b/c.json", encoding: .utf8) == "deep")
        let left = try FileManager.default.subpathsOfDirectory(atPath: folder.screens).filter { $0.contains(".beagle-mock") }
        #expect(left.isEmpty)
    }

    @Test func theWriterNeverFollowsASymlinkOutOfTheFolderNorWritesTheConfig() throws {
        let folder = try TemporaryScreens(["screens/beagle-mock.yml": "latency: 1ms"])
        let outside = try TemporaryScreens()
        defer {
            folder.remove()
            outside.remove()
        }
        try FileManager.default.createSymbolicLink(atPath: folder.screens + "/escape", withDestinationPath: outside.root)
        let root = try #require(ContainedRoot(directory: folder.screens))
        let config = try #require(ContainedRoot.realPath(folder.screens + "/beagle-mock.yml"))
        let writer = ContainedFileWriter(root: root.path, forbidden: config)
        #expect(throws: FileWriteError.self) { try writer.write(Array("x".utf8), as: ["escape", "x.json"], overwrite: true) }
        #expect(!FileManager.default.fileExists(atPath: outside.root + "/x.json"))
        #expect(throws: FileWriteError.self) { try writer.write(Array("x".utf8), as: ["beagle-mock.yml"], overwrite: true) }
        #expect(try String(contentsOfFile: config, encoding: .utf8) == "latency: 1ms")
    }

    static let upstreamFiles = [
        "screens/home.json": #"{"_beagleComponent_":"beagle:text","text":"Home"}"#,
        "screens/home.ios.json": #"{"_beagleComponent_":"beagle:text","text":"Home on iOS"}"#,
        "screens/welcome.json": """
        {"_beagleComponent_":"beagle:container","children":[
          {"beaglePlatform":"MOBILE","child":{"_beagleComponent_":"beagle:text","text":"phone"}},
          {"beaglePlatform":"WEB","child":{"_beagleComponent_":"beagle:text","text":"browser"}}]}
        """,
        "screens/catalog/index.json": #"{"_beagleComponent_":"beagle:text","text":"Catalog"}"#,
        "screens/cart.post.json": #"{"cartId":"c1"}"#,
        "screens/cart.post.android.json": #"{"cartId":"a1"}"#,
        "screens/notes.txt": "plain text",
        "images/logo.png": "\u{89}PNG-not-really",
    ]

    static let requests: [(method: String, target: String)] = [
        ("GET", "/home"), ("GET", "/welcome"), ("GET", "/catalog"), ("POST", "/cart"), ("GET", "/notes.txt"),
        ("GET", "/images/logo.png"),
    ]

    /// Sends every request from every client and returns what came back, by request.
    static func responses(port: Int) async throws -> [String: [UInt8]] {
        var seen: [String: [UInt8]] = [:]
        for platform in ["IOS", "ANDROID", nil] {
            for (method, target) in requests {
                let headers = platform.map { [("beagle-platform", $0)] } ?? []
                let response = try #require(
                    try await HTTPProbe.request(port: port, method: method, target: target, headers: headers))
                #expect(response.status == 200, "\(method) \(target) \(platform ?? "-"): \(response.text)")
                seen["\(method) \(target) \(platform ?? "-")"] = response.body
            }
        }
        return seen
    }

    @Test func recordedThroughTheProxyThenServedOfflineGivesTheSameBytes() async throws {
        let log = LogCapture()
        let (proxied, folder) = try await withProxyPair(
            upstreamFiles: Self.upstreamFiles,
            configure: {
                $0.flags.record = .keep
                $0.logger = log.logger
            }
        ) { mock, _, folder in
            let seen = try await Self.responses(port: mock.port)
            // Recorded files are ordinary routes of the folder.
            let routes = try #require(try await HTTPProbe.request(port: mock.port, target: "/__admin/routes"))
            for route in ["/home", "/welcome", "/catalog", "/cart", "/notes.txt"] {
                #expect(routes.text.contains(#""path":"\#(route)""#), "\(route) in \(routes.text.prefix(300))")
            }
            // Keep the folder past the pair: copy it.
            let copy = try TemporaryScreens()
            try FileManager.default.removeItem(atPath: copy.screens)
            try FileManager.default.removeItem(atPath: copy.images)
            try FileManager.default.copyItem(atPath: folder.screens, toPath: copy.screens)
            try FileManager.default.copyItem(atPath: folder.images, toPath: copy.images)
            return (seen, copy)
        }
        defer { folder.remove() }
        let files = try Set(FileManager.default.subpathsOfDirectory(atPath: folder.root))
        for expected in [
            "screens/home.ios.json", "screens/home.android.json", "screens/home.json", "screens/welcome.ios.json",
            "screens/welcome.json", "screens/catalog.android.json", "screens/cart.post.ios.json",
            "screens/cart.post.android.json", "screens/cart.post.json", "screens/notes.txt", "images/logo.png",
        ] {
            #expect(files.contains(expected), "\(expected) in \(files.sorted())")
        }
        #expect(log.entries.contains { $0.message.hasPrefix("recorded GET /home as screens/home.ios.json") })
        let offline = try await withMockServer(MockServerConfiguration(screensDirectory: folder.screens, port: 0)) { server in
            try await Self.responses(port: server.port)
        }
        #expect(offline.count == proxied.count)
        for (request, bytes) in proxied {
            #expect(offline[request] == bytes, "\(request)")
        }
    }

    @Test func anExistingFileIsKeptUnlessOverwriteAndTheJournalSaysRecorded() async throws {
        let config = "routes:\n  - {path: /home, proxy: true}\n"
        for mode in [RecordMode.keep, .overwrite] {
            let log = LogCapture()
            try await withProxyPair(
                upstreamFiles: ["screens/home.json": #"{"from":"bff"}"#],
                mockFiles: ["screens/home.json": #"{"local":true}"#, "screens/beagle-mock.yml": config],
                configure: {
                    $0.flags.record = mode
                    $0.logger = log.logger
                }
            ) { mock, _, folder in
                let response = try #require(try await HTTPProbe.request(port: mock.port, target: "/home"))
                #expect(response.text == #"{"from":"bff"}"#)
                #expect(await log.waitForRequests(path: "/home", count: 1))
                let saved = try String(contentsOfFile: folder.screens + "/home.json", encoding: .utf8)
                let line = try #require(log.requests(path: "/home").first?.message)
                if mode == .keep {
                    #expect(saved == #"{"local":true}"#)
                    #expect(log.entries.contains { $0.message.contains("screens/home.json exists") })
                    #expect(!line.contains("recorded="))
                } else {
                    #expect(saved == #"{"from":"bff"}"#)
                    #expect(line.hasSuffix("proxied recorded=screens/home.json"), "\(line)")
                    let journal = try #require(try await HTTPProbe.request(port: mock.port, target: "/__admin/requests"))
                    #expect(journal.text.contains(#""recorded":"screens/home.json""#), "\(journal.text)")
                }
            }
        }
    }

    @Test func aBodyOverTheLimitIsServedButNotRecorded() async throws {
        let big = "{\"pad\":\"" + String(repeating: "x", count: 500) + "\"}"
        let log = LogCapture()
        try await withProxyPair(
            upstreamFiles: ["screens/big.json": big],
            configure: {
                $0.flags.record = .keep
                $0.flags.recordMaxSize = ByteSize(bytes: 100)
                $0.logger = log.logger
            }
        ) { mock, _, folder in
            let response = try #require(try await HTTPProbe.request(port: mock.port, target: "/big"))
            #expect(response.text == big)
            #expect(!FileManager.default.fileExists(atPath: folder.screens + "/big.json"))
            #expect(log.entries.contains { $0.level == .warning && $0.message.contains("over the recording limit of 100 bytes") })
        }
    }

    @Test func aLongChunkedBodyWithinTheLimitIsRecordedWhole() async throws {
        let (answer, body) = ProxyTests.longChunkedAnswer(megabytes: 9)
        let log = LogCapture()
        try await withCannedServer(.answer(answer)) { upstream in
            try await withProxy(
                to: "http://127.0.0.1:\(upstream.port)",
                configure: {
                    $0.flags.record = .keep
                    $0.flags.recordMaxSize = ByteSize(bytes: 16 << 20)
                    $0.logger = log.logger
                }
            ) { mock, folder in
                let response = try #require(
                    try await HTTPProbe.request(port: mock.port, target: "/long.bin", timeout: ProxyTests.longBodyTimeout))
                #expect(response.body.count == body.count)
                #expect(await log.wait { entries in entries.contains { $0.message.hasPrefix("recorded GET /long.bin") } })
                let saved = try Data(contentsOf: URL(fileURLWithPath: folder.screens + "/long.bin"))
                #expect(saved == Data(body))
            }
        }
    }

    @Test func aChunkedBodyOverTheLimitIsNotRecorded() async throws {
        let chunk = String(repeating: "y", count: 80)
        let answer =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n50\r\n\(chunk)\r\n50\r\n\(chunk)\r\n0\r\n\r\n"
        let log = LogCapture()
        try await withCannedServer(.answer(Array(answer.utf8))) { upstream in
            try await withProxy(
                to: "http://127.0.0.1:\(upstream.port)",
                configure: {
                    $0.flags.record = .keep
                    $0.flags.recordMaxSize = ByteSize(bytes: 100)
                    $0.logger = log.logger
                }
            ) { mock, folder in
                let response = try #require(try await HTTPProbe.request(port: mock.port, target: "/stream"))
                #expect(response.body.count == 160)
                #expect(!FileManager.default.fileExists(atPath: folder.screens + "/stream.json"))
                #expect(log.entries.contains { $0.message.hasSuffix("grew past the recording limit of 100 bytes") })
            }
        }
    }

    /// An upstream's `{{…}}` is text: the recorded folder serves it back as it came, never
    /// rendered with the replaying request's values (its `Authorization` among them).
    @Test func aRecordedBodyWithTagsIsServedBackAsItCame() async throws {
        let body = #"{"text":"auth={{request.headers.authorization}}","n":[{{#repeat 3}}{{index}}{{/repeat}}]}"#
        let answer =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        let log = LogCapture()
        try await withCannedServer(.answer(Array(answer.utf8))) { upstream in
            try await withProxy(
                to: "http://127.0.0.1:\(upstream.port)",
                configure: {
                    $0.flags.record = .keep
                    $0.logger = log.logger
                }
            ) { mock, folder in
                let proxied = try #require(try await HTTPProbe.request(port: mock.port, target: "/profile"))
                #expect(proxied.text == body)
                #expect(await log.wait { entries in entries.contains { $0.message.hasPrefix("recorded GET /profile") } })
                let saved = try Data(contentsOf: URL(fileURLWithPath: folder.screens + "/profile.json"))
                #expect(saved == Data(body.utf8))
                let list = try String(contentsOfFile: folder.screens + "/" + VerbatimList.fileName, encoding: .utf8)
                #expect(list == VerbatimList.digest(of: Array(body.utf8)) + "  profile.json\n")
                // Replayed by the same server (the upstream answers what no file does) and by a new one.
                let replayed = try #require(
                    try await HTTPProbe.request(
                        port: mock.port, target: "/profile", headers: [("Authorization", "Bearer SECRET")]))
                #expect(replayed.text == body)
                try await withMockServer(MockServerConfiguration(screensDirectory: folder.screens, port: 0)) { offline in
                    let again = try #require(
                        try await HTTPProbe.request(
                            port: offline.port, target: "/profile", headers: [("Authorization", "Bearer SECRET")]))
                    #expect(again.status == 200)
                    #expect(again.text == body)
                    // validate and the route list check it as it is: no template diagnostic.
                    let routes = try #require(try await HTTPProbe.request(port: offline.port, target: "/__admin/routes"))
                    #expect(!routes.text.contains("template"), "\(routes.text.prefix(400))")
                }
                // Edited by hand, its bytes are no longer those listed: it is a template again.
                try folder.write("screens/profile.json", #"{"auth":"{{request.headers.authorization}}"}"#)
                let edited = try #require(
                    try await HTTPProbe.request(port: mock.port, target: "/profile", headers: [("Authorization", "Bearer x")]))
                #expect(edited.text == #"{"auth":"Bearer x"}"#)
            }
        }
    }

    @Test func theVerbatimListReadsSha256sumLines() {
        let digest = String(repeating: "ab", count: 32)
        let entries = VerbatimList.parse("# recorded\n\(digest)  a/b.json\n\(digest.uppercased()) *c.json\nnot a line\n")
        #expect(entries == ["a/b.json": [digest], "c.json": [digest]])
        #expect(VerbatimList.digest(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func whatTheUpstreamSaysNeverChoosesWhereAFileGoes() async throws {
        // A Content-Type that lies, a Content-Disposition with a path: the name comes from the request.
        let body = "\u{89}PNG"
        let answer =
            "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Disposition: attachment; filename=\"../../evil.json\"\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        try await withCannedServer(.answer(Array(answer.utf8))) { upstream in
            try await withProxy(to: "http://127.0.0.1:\(upstream.port)", configure: { $0.flags.record = .overwrite }) {
                mock, folder in
                let response = try #require(try await HTTPProbe.request(port: mock.port, target: "/avatar"))
                #expect(response.status == 200)
                for target in ["/..%2f..%2fevil", "/%2e%2e/evil", "/a/../../evil"] {
                    let refused = try #require(try await HTTPProbe.request(port: mock.port, target: target))
                    #expect(refused.status == 400, "\(target)")
                }
                let everything = try FileManager.default.subpathsOfDirectory(atPath: folder.root)
                #expect(everything.sorted() == ["images", "screens"], "\(everything)")
                #expect(upstream.requests.count == 1)
            }
        }
    }

    @Test func aStreamedBodyCutShortIsNeverRecorded() async throws {
        // Over the 64 KiB read whole before sending: streamed, and cut by the fault.
        let big = "{\"pad\":\"" + String(repeating: "x", count: 100_000) + "\"}"
        try await withProxyPair(upstreamFiles: ["screens/home.json": big], configure: { $0.flags.record = .keep }) {
            mock, _, folder in
            let connection = try await RawConnection.connect(port: mock.port)
            try await connection.send("GET /home HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Mock-Fault: truncate\r\n\r\n")
            _ = await connection.readToEnd()
            await connection.close()
            #expect(!FileManager.default.fileExists(atPath: folder.screens + "/home.json"))
        }
    }
}
