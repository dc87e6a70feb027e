import BeagleScreens
import Foundation
import HTTPTypes
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// Docs/ScreensFolder.md, "Path parameters", against a live server: `[name]` files and folders
/// answer any one segment, with everything else a file gets.
@Suite struct PathParameterLiveTests {
    static func text(_ text: String) -> String { #"{"_beagleComponent_":"beagle:text","text":"\#(text)"}"# }

    static let files = [
        "screens/home.json": text("home"),
        "screens/product/[id].json": text("product by id"),
        "screens/product/[id].ios.json": text("product by id, ios"),
        "screens/product/new.json": text("new product"),
        "screens/users/[uid]/orders.json": text("orders of a user"),
        "screens/users/[uid]/index.json": text("a user"),
        "screens/cart/[id].put.json": #"{"updated":true}"#,
        "screens/cart/[id].json": text("a cart"),
        "screens/promo/[slug].json": #"""
        {"_beagleComponent_":"beagle:container","children":[
          {"_beagleComponent_":"beagle:text","text":"all"},
          {"beaglePlatform":"WEB","child":{"_beagleComponent_":"beagle:text","text":"web only"}}]}
        """#,
        "screens/invalid/[a b].json": text("not a pattern"),
        "screens/invalid/[].json": text("not a pattern either"),
        "secret.json": #"{"secret":true}"#,
    ]

    @Test(arguments: [
        ("/product/42", nil as String?, "product by id"),
        ("/product/42.json", nil, "product by id"),
        ("/product/42?from=home", nil, "product by id"),
        ("/product/new", nil, "new product"),
        ("/product/new", "IOS", "new product"),
        ("/product/42", "IOS", "product by id, ios"),
        ("/product/42", "ANDROID", "product by id"),
        ("/product/caf%C3%A9", nil, "product by id"),
        ("/users/7/orders", nil, "orders of a user"),
        ("/users/7", nil, "a user"),
        ("/users/7/", nil, "a user"),
        ("/cart/7", nil, "a cart"),
    ])
    func servesParameterFiles(path: String, platform: String?, text: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let headers = platform.map { [("beagle-platform", $0)] } ?? []
            let response = try #require(try await HTTPProbe.request(port: server.port, target: path, headers: headers))
            #expect(response.status == 200)
            #expect(response.text == Self.text(text))
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            #expect(response.header("ETag") != nil)
            #expect(response.header("Vary") == "beagle-platform")
        }
    }

    @Test func methodFilesAnd405() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let put = try #require(try await HTTPProbe.request(port: server.port, method: "PUT", target: "/cart/7"))
            #expect(put.status == 200)
            #expect(put.text == #"{"updated":true}"#)
            let post = try #require(try await HTTPProbe.request(port: server.port, method: "POST", target: "/cart/7"))
            #expect(post.status == 405)
            #expect(post.header("Allow") == "GET, HEAD, PUT")
            let head = try #require(try await HTTPProbe.request(port: server.port, method: "HEAD", target: "/product/42"))
            #expect(head.status == 200)
        }
    }

    @Test func platformFilterAndConditionalRequests() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let web = try #require(
                try await HTTPProbe.request(port: server.port, target: "/promo/summer", headers: [("beagle-platform", "WEB")]))
            #expect(web.text.contains("web only"))
            let ios = try #require(
                try await HTTPProbe.request(port: server.port, target: "/promo/summer", headers: [("beagle-platform", "IOS")]))
            #expect(!ios.text.contains("web only"))
            let tag = try #require(ios.header("ETag"))
            let again = try #require(
                try await HTTPProbe.request(
                    port: server.port, target: "/promo/winter", headers: [("beagle-platform", "IOS"), ("If-None-Match", tag)]))
            #expect(again.status == 304)
        }
    }

    @Test(arguments: ["/product/..%2f..%2fsecret", "/product/%2e%2e", "/product/%2E%2E/secret", "/product/..%5csecret"])
    func unsafeValuesAreRefusedBeforeResolution(path: String) async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: path))
            #expect(response.status == 400)
            #expect(!response.text.contains("secret\":true"))
        }
    }

    @Test func hiddenValuesAndExtraSegmentsAre404() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            for path in ["/product/.env", "/product/42/more", "/product", "/invalid/anything"] {
                let response = try #require(try await HTTPProbe.request(port: server.port, target: path))
                #expect(response.status == 404, "\(path)")
            }
        }
    }

    @Test func suggestionsOfferThePattern() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/prodct/42"))
            #expect(response.status == 404)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect((body["suggestions"] as? [String])?.first == "/product/[id]")
        }
    }

    @Test func theServedFileCarriesTheParameters() async throws {
        let folder = try TemporaryScreens(Self.files)
        defer { folder.remove() }
        let root = try #require(ContainedRoot(directory: folder.screens))
        let store = ScreenStore(screens: root, images: nil, configPath: nil)
        let cases: [([String], HTTPRequest.Method, [String: String])] = [
            (["product", "42"], .get, ["id": "42"]),
            (["product", "new"], .get, [:]),
            (["product", "café"], .get, ["id": "café"]),
            (["users", "7", "orders"], .get, ["uid": "7"]),
            (["cart", "abc"], .put, ["id": "abc"]),
            (["home"], .get, [:]),
        ]
        for (segments, method, parameters) in cases {
            guard
                case .file(let served) = await store.resolve(
                    RequestPath(checkedSegments: segments), method: method, platform: nil, templates: true)
            else {
                Issue.record("nothing served for \(segments)")
                continue
            }
            #expect(served.parameters == parameters, "\(segments)")
        }
    }

    @Test func adminRoutesListThePattern() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/routes"))
            let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            let routes = try #require(body["routes"] as? [[String: Any]])
            let product = try #require(routes.first { $0["path"] as? String == "/product/[id]" })
            #expect(product["file"] as? String == "product/[id].json")
            #expect(product["kind"] as? String == "screen")
            #expect(product["valid"] as? Bool == true)
            let platforms = try #require(product["platforms"] as? [[String: Any]])
            #expect(platforms.map { $0["file"] as? String } == ["product/[id].ios.json"])
            let cart = try #require(routes.first { $0["path"] as? String == "/cart/[id]" })
            let methods = try #require(cart["methods"] as? [[String: Any]])
            #expect(methods.map { $0["file"] as? String } == ["cart/[id].put.json"])
            #expect(routes.contains { $0["path"] as? String == "/users/[uid]/orders" })
            #expect(routes.contains { $0["path"] as? String == "/users/[uid]" })
            let invalid = try #require(routes.first { $0["path"] as? String == "/invalid/[a b]" })
            #expect(invalid["valid"] as? Bool == false)
        }
    }

    @Test func theBannerTriesARouteThatIsNoPattern() {
        let folder = ScreenFolder(
            root: URL(fileURLWithPath: "/srv/screens"), relativePaths: ["[page].json", "about.json", "product/[id].json"])
        let inventory = ServerInventory(folder)
        #expect(inventory.screens == 3)
        #expect(inventory.firstRoute == "/about")
    }
}
