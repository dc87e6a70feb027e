import CSystemCalls
import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine

/// Nothing outside the screens folder is ever served, whatever the spelling, and the server
/// keeps serving after each refusal.
@Suite struct PathSafetyTests {
    /// A folder with a secret beside the screens folder, links that lead out, and hidden files.
    static func makeFolder() throws -> TemporaryScreens {
        let folder = try TemporaryScreens([
            "secret.json": #"{"leak":"TOP-SECRET-JSON"}"#,
            "secret.txt": "TOP-SECRET-TEXT",
            "outside/data.json": #"{"leak":"TOP-SECRET-FOLDER"}"#,
            "screens/home.json": #"{"home":true}"#,
            "screens/inside/ok.json": #"{"ok":true}"#,
            "screens/.git/config": "TOP-SECRET-GIT",
            "screens/.env": "TOP-SECRET-ENV",
            "screens/beagle-mock.yml": "# TOP-SECRET-CONFIG\n",
        ])
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: folder.screens + "/leak.json", withDestinationPath: folder.root + "/secret.json")
        try manager.createSymbolicLink(atPath: folder.screens + "/leak.txt", withDestinationPath: "../secret.txt")
        try manager.createSymbolicLink(atPath: folder.screens + "/out", withDestinationPath: folder.root + "/outside")
        try manager.createSymbolicLink(atPath: folder.screens + "/etc", withDestinationPath: "/etc")
        // Links that stay inside are fine.
        try manager.createSymbolicLink(atPath: folder.screens + "/alias.json", withDestinationPath: "inside/ok.json")
        try manager.createSymbolicLink(atPath: folder.screens + "/more", withDestinationPath: "inside")
        // A link to the config under another name, and a link into a hidden folder.
        try manager.createSymbolicLink(atPath: folder.screens + "/settings.json", withDestinationPath: "beagle-mock.yml")
        try manager.createSymbolicLink(atPath: folder.screens + "/git.txt", withDestinationPath: ".git/config")
        try manager.linkItem(atPath: folder.screens + "/beagle-mock.yml", toPath: folder.screens + "/hardlink.json")
        return folder
    }

    static let refusedTargets: [String] = [
        "/../secret.json",
        "/..%2fsecret.json",
        "/%2e%2e/secret.json",
        "/%2E%2E/secret.txt",
        "/%2e%2e%2fsecret.json",
        "/inside/../../secret.json",
        "/inside/%2e%2e/%2e%2e/secret.json",
        "/..%5csecret.json",
        "/%5c..%5csecret.json",
        "/..\\secret.json",
        "/secret.json%00.png",
        "/home%00",
        "/%252e%252e/secret.json",
        "/%25252e%25252e/secret.json",
        "//etc/passwd",
        "/etc/passwd",
        "/%2fetc%2fpasswd",
        "http://localhost/../secret.json",
        "/leak",
        "/leak.json",
        "/leak.txt",
        "/out/data",
        "/out/data.json",
        "/.git/config",
        "/.env",
        "/%2egit/config",
        "/inside/../.env",
        "/beagle-mock.yml",
        "/settings",
        "/hardlink",
        "/git.txt",
        "/images/../secret.json",
        "/images/%2e%2e/secret.txt",
    ]

    @Test(arguments: refusedTargets)
    func refusesAndKeepsServing(target: String) async throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        let configuration = MockServerConfiguration(screensDirectory: folder.screens, port: 0)
        try await withMockServer(configuration) { server in
            let connection = try await RawConnection.connect(port: server.port)
            try await connection.send("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let answer = await connection.readResponse()
            await connection.close()
            let response = try #require(answer, "\(target) got no response")
            #expect([400, 404].contains(response.status), "\(target) answered \(response.status)")
            #expect(!response.text.contains("TOP-SECRET"))
            // Whatever happened to that request, the next one is served.
            let next = try #require(try await HTTPProbe.request(port: server.port, target: "/home"))
            #expect(next.status == 200)
            #expect(next.text == #"{"home":true}"#)
        }
    }

    @Test(arguments: [("/alias", #"{"ok":true}"#), ("/more/ok", #"{"ok":true}"#), ("/inside/ok.json", #"{"ok":true}"#)])
    func linksThatStayInsideAreServed(target: String, body: String) async throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        try await withMockServer(MockServerConfiguration(screensDirectory: folder.screens, port: 0)) { server in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: target))
            #expect(response.status == 200)
            #expect(response.text == body)
        }
    }

    #if os(Linux)
    /// The open that spares a served file its `readlink` (openat2 with RESOLVE_NO_SYMLINKS) takes
    /// no link anywhere on the way: for a link it fails with ELOOP, and the file is then opened
    /// the old way and judged by the path the kernel gives (the tests above).
    @Test func theOpenWithoutSymlinksRefusesEveryLink() throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        let plain = beagle_open_without_symlinks(folder.screens + "/inside/ok.json", O_RDONLY | O_CLOEXEC)
        #expect(plain >= 0)
        if plain >= 0 { close(plain) }
        for link in ["/alias.json", "/more/ok.json", "/leak.json"] {
            let descriptor = beagle_open_without_symlinks(folder.screens + link, O_RDONLY | O_CLOEXEC)
            let error = errno
            #expect(descriptor == -1, "\(link)")
            #expect(error == ELOOP, "\(link)")
        }
    }
    #endif

    /// A file named like the config in another letter case is not served, nor listed: on a file
    /// system that ignores case (a folder shared from macOS into a container), that name opens the
    /// config itself.
    @Test func theConfigNameInAnotherCaseIsNotServed() async throws {
        let folder = try TemporaryScreens([
            "screens/home.json": #"{"home":true}"#, "screens/BEAGLE-MOCK.yml": "# TOP-SECRET-CONFIG\n",
        ])
        defer { folder.remove() }
        try await withMockServer(MockServerConfiguration(screensDirectory: folder.screens, port: 0)) { server in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/BEAGLE-MOCK.yml"))
            #expect(response.status == 404)
            #expect(!response.text.contains("TOP-SECRET"))
            let routes = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/routes"))
            #expect(!routes.text.contains("BEAGLE-MOCK"))
        }
    }

    /// The names a file system that ignores case may open the config by: any letter case, and
    /// letters that fold to the config's (the Kelvin sign to `k`), whatever their length in bytes.
    @Test(arguments: [
        ("beagle-mock.yml", true), ("BEAGLE-MOCK.YAML", true), ("Beagle-Mock.Yml", true), ("beagle-moc\u{212A}.yml", true),
        ("beagle-mock.yml.json", false), ("beagle-mock.ym", false), ("home.json", false), ("beagle-mock-yml", false),
    ])
    func configNamesAreKnownInEveryCase(name: String, isConfig: Bool) {
        #expect(ServedFiles.isConfigName(name) == isConfig)
    }

    @Test func configGivenElsewhereIsNotServedEither() async throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        try folder.write("screens/custom.json", #"{"latency":"0"}"#)
        var configuration = MockServerConfiguration(screensDirectory: folder.screens, port: 0)
        configuration.configFile = folder.screens + "/custom.json"
        try await withMockServer(configuration) { server in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/custom"))
            #expect(response.status == 404)
        }
    }

    /// `GET /__admin/routes` lists what is served and nothing else: every route it names answers
    /// something other than 404, and the links and names serving refuses are not listed
    /// (Docs/AdminAPI.md, "Routes").
    @Test func routeListNamesOnlyWhatIsServed() async throws {
        let folder = try Self.makeFolder()
        defer { folder.remove() }
        try folder.write("screens/card.ios.json", #"{"card":true}"#)
        try folder.write("screens/cart.post.json", #"{"cart":true}"#)
        try folder.write("screens/beagle-mock.yaml", "# TOP-SECRET-OTHER-CONFIG\n")
        try folder.write("screens/logo.png", "png")
        try folder.write("images/icon.png", "png")
        try folder.write("images/.hidden.png", "TOP-SECRET-HIDDEN")
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: folder.images + "/leak.png", withDestinationPath: "../secret.txt")
        try manager.createSymbolicLink(atPath: folder.images + "/hidden.png", withDestinationPath: ".hidden.png")
        // Inside when read as text, outside when followed: out/.. is the folder above screens.
        try folder.write("screens/secret.json", #"{"shadow":true}"#)
        try manager.createSymbolicLink(atPath: folder.screens + "/sneaky.json", withDestinationPath: "out/../secret.json")
        try await withMockServer(MockServerConfiguration(screensDirectory: folder.screens, port: 0)) { server in
            let client = try await KeepAliveClient.connect(port: server.port)
            defer { Task { await client.close() } }
            let body = try await client.request("GET", "/__admin/routes").jsonObject()
            let routes = try #require(body["routes"] as? [[String: Any]])
            let paths = Set(routes.compactMap { $0["path"] as? String })
            // A link to a dot-file, a hard link of the config, anything outside through a link,
            // and a config name at the root.
            for refused in [
                "/git.txt", "/hardlink", "/settings", "/leak", "/leak.txt", "/beagle-mock.yaml", "/images/leak.png",
                "/images/hidden.png", "/sneaky",
            ] {
                #expect(!paths.contains(refused), "\(refused) is listed but not served")
            }
            for expected in ["/home", "/inside/ok", "/alias", "/card", "/cart", "/logo.png", "/images/icon.png"] {
                #expect(paths.contains(expected), "\(expected) is served but not listed")
            }
            for route in routes {
                let path = try #require(route["path"] as? String)
                var method = "GET"
                var headers: [(String, String)] = []
                if route["file"] is NSNull {
                    if let platform = (route["platforms"] as? [[String: Any]])?.first?["platform"] as? String {
                        headers = [("beagle-platform", platform)]
                    } else if let first = (route["methods"] as? [[String: Any]])?.first?["method"] as? String {
                        method = first
                    }
                }
                let response = try await client.request(method, path, headers: headers)
                #expect(response.status != 404, "\(method) \(path) is listed but answers 404")
                #expect(!response.text.contains("TOP-SECRET"))
            }
        }
    }
}
