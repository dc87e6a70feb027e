import BeagleMock
import Foundation
import MockTestSupport
import Testing

/// Docs/ScreensFolder.md's route rules, against a live server.
@Suite struct RouteResolutionTests {
    static let files = [
        "screens/home.json": #"{"_beagleComponent_":"beagle:text","text":"default"}"#,
        "screens/home.ios.json": #"{"_beagleComponent_":"beagle:text","text":"ios"}"#,
        "screens/home.web.json": #"{"_beagleComponent_":"beagle:text","text":"web"}"#,
        "screens/profile.mobile.json": #"{"_beagleComponent_":"beagle:text","text":"mobile"}"#,
        "screens/profile.json": #"{"_beagleComponent_":"beagle:text","text":"profile"}"#,
        "screens/catalog/index.json": #"{"_beagleComponent_":"beagle:text","text":"catalog"}"#,
        "screens/catalog/index.android.json": #"{"_beagleComponent_":"beagle:text","text":"catalog android"}"#,
        "screens/catalog/item-1.json": #"{"_beagleComponent_":"beagle:text","text":"item 1"}"#,
        "screens/index.json": #"{"_beagleComponent_":"beagle:text","text":"root"}"#,
        "screens/cart.post.json": #"{"ok":true}"#,
        "screens/cart.post.ios.json": #"{"ok":"ios"}"#,
        "screens/order.put.json": #"{"put":true}"#,
        "screens/banner.png": "PNGDATA",
        "screens/notes.txt": "hello",
        "screens/a..b.json": #"{"dots":true}"#,
        "images/logo.png": "LOGO",
        "images/icons/star.svg": "<svg/>",
    ]

    @Test(arguments: [
        ("/home", nil as String?, "default"),
        ("/home.json", nil, "default"),
        ("//home", nil, "default"),
        ("/home", "IOS", "ios"),
        ("/home", "ios", "ios"),
        ("/home", "WEB", "web"),
        ("/home", "ANDROID", "default"),
        ("/home", "FLUTTER", "default"),
        ("/profile", "IOS", "mobile"),
        ("/profile", "ANDROID", "mobile"),
        ("/profile", "WEB", "profile"),
        ("/catalog", nil, "catalog"),
        ("/catalog/", nil, "catalog"),
        ("/catalog.json", nil, "catalog"),
        ("/catalog", "ANDROID", "catalog android"),
        ("/catalog", "IOS", "catalog"),
        ("/catalog/item-1", nil, "item 1"),
        ("/catalog/item-1?from=home", nil, "item 1"),
        ("/", nil, "root"),
    ])
    func servesScreen(path: String, platform: String?, text: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let headers = platform.map { [("beagle-platform", $0)] } ?? []
            let response = try #require(try await HTTPProbe.request(port: server.port, target: path, headers: headers))
            #expect(response.status == 200)
            #expect(response.text.contains("\"\(text)\""))
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            #expect(response.header("Vary") == "beagle-platform")
        }
    }

    @Test(arguments: ["/home.ios", "/home.ios.json", "/cart.post", "/cart.post.json", "/profile.mobile", "/nothing"])
    func variantsAndMethodFilesAreNotRoutes(path: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: path))
            #expect(response.status == 404)
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            #expect(response.text.contains("\"error\""))
        }
    }

    @Test func notFoundSuggestsCloseRoutes() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/hom"))
            #expect(response.status == 404)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(body["path"] as? String == "/hom")
            let suggestions = try #require(body["suggestions"] as? [String])
            #expect(suggestions.first == "/home")
            #expect(suggestions.count <= 3)
            #expect(!suggestions.contains { $0.contains(".ios") || $0.contains(".post") })
        }
    }

    /// A route that only platform variants answer (as `--record` leaves one) names them, and the
    /// header that picks them, to a client without one; close routes in such folders are offered.
    @Test func aRouteWithOnlyVariantsNamesThemAndTheHeader() async throws {
        let files = [
            "screens/feed.ios.json": #"{"os":"ios"}"#, "screens/feed.android.json": #"{"os":"android"}"#,
        ]
        try await withMockServer(files: files) { server, _ in
            let plain = try #require(try await HTTPProbe.request(port: server.port, target: "/feed"))
            #expect(plain.status == 404)
            let body = try plain.jsonObject()
            #expect(body["platforms"] as? [String] == ["IOS", "ANDROID"])
            let error = try #require(body["error"] as? String)
            #expect(error.contains("for a client that sends no beagle-platform"), "\(error)")
            #expect(error.contains("send the header beagle-platform: IOS"), "\(error)")
            let web = try #require(
                try await HTTPProbe.request(port: server.port, target: "/feed", headers: [("beagle-platform", "WEB")]))
            #expect(web.status == 404)
            #expect(web.text.contains("no screen answers this path for beagle-platform: WEB"), "\(web.text)")
            let typo = try #require(try await HTTPProbe.request(port: server.port, target: "/fed"))
            #expect(try typo.jsonObject()["suggestions"] as? [String] == ["/feed"])
            #expect(try typo.jsonObject()["platforms"] == nil)
            let ios = try await HTTPProbe.request(port: server.port, target: "/feed", headers: [("beagle-platform", "IOS")])
            #expect(ios?.text == #"{"os":"ios"}"#)
        }
    }

    @Test func methodFilesAnswerTheirMethod() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let post = try #require(
                try await HTTPProbe.request(port: server.port, method: "POST", target: "/cart", body: Array("{}".utf8)))
            #expect(post.status == 200)
            #expect(post.text == #"{"ok":true}"#)
            let iosPost = try #require(
                try await HTTPProbe.request(
                    port: server.port, method: "POST", target: "/cart", headers: [("beagle-platform", "IOS")]))
            #expect(iosPost.text == #"{"ok":"ios"}"#)
            let put = try #require(try await HTTPProbe.request(port: server.port, method: "PUT", target: "/order"))
            #expect(put.text == #"{"put":true}"#)
        }
    }

    @Test func otherMethodsGet405WithAllow() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let delete = try #require(try await HTTPProbe.request(port: server.port, method: "DELETE", target: "/home"))
            #expect(delete.status == 405)
            #expect(delete.header("Allow") == "GET, HEAD")
            let get = try #require(try await HTTPProbe.request(port: server.port, target: "/cart"))
            #expect(get.status == 405)
            #expect(get.header("Allow") == "POST")
            let trace = try #require(try await HTTPProbe.request(port: server.port, method: "PATCH", target: "/order"))
            #expect(trace.status == 405)
            #expect(trace.header("Allow") == "PUT")
        }
    }

    @Test(arguments: [
        ("/banner.png", "image/png", "PNGDATA"),
        ("/notes.txt", "text/plain; charset=utf-8", "hello"),
        ("/images/logo.png", "image/png", "LOGO"),
        ("/images/icons/star.svg", "image/svg+xml", "<svg/>"),
        ("/a..b", "application/json; charset=utf-8", #"{"dots":true}"#),
    ])
    func servesFilesAsTheyAre(path: String, type: String, body: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: path))
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == type)
            #expect(response.text == body)
            #expect(response.header("Content-Length") == String(body.utf8.count))
        }
    }

    @Test func headHasHeadersButNoBody() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let get = try #require(try await HTTPProbe.request(port: server.port, target: "/home"))
            let head = try #require(try await HTTPProbe.request(port: server.port, method: "HEAD", target: "/home"))
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Length") == String(get.body.count))
            #expect(head.header("ETag") == get.header("ETag"))
        }
    }

    @Test func imagesFolderCanBeGiven() async throws {
        let folder = try TemporaryScreens(["elsewhere/pic.png": "ELSEWHERE", "screens/home.json": "{}"])
        defer { folder.remove() }
        var configuration = MockServerConfiguration(screensDirectory: folder.screens, port: 0)
        configuration.imagesDirectory = folder.root + "/elsewhere"
        try await withMockServer(configuration) { server in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/images/pic.png"))
            #expect(response.text == "ELSEWHERE")
        }
    }
}
