import BeagleScreens
import Foundation
import Testing

@Suite struct ScreenFolderTests {
    static let root = URL(fileURLWithPath: "/srv/app/screens")
    static let imagesRoot = URL(fileURLWithPath: "/srv/app/images")

    let folder = ScreenFolder(
        root: root,
        relativePaths: [
            "index.json", "home.json", "home.ios.json", "home.mobile.json", "home.web.json",
            "catalog/index.json", "catalog/index.android.json", "catalog/item-1.json", "catalog/item-2.json",
            "profile.json", "profile/index.json",
            "settings/index.ios.json", "settings.json",
            "banner.png", "docs/guide.pdf", "data", "images/local.png",
            "cart.post.json", "cart.post.ios.json", "cart.delete.json", "cart.json",
            "orders/index.put.json", "orders/index.put.mobile.json",
            "only-ios.ios.json", "only-post.post.json",
            "home.v2.json",
        ],
        imagesRoot: imagesRoot,
        imagePaths: ["beach.jpg", "icons/star.png", "local.png"]
    )

    func served(_ path: String, _ platform: BeaglePlatform? = nil, _ method: String = "GET") -> String? {
        folder.resolve(path, platform: platform, method: method).match?.file.displayPath
    }

    // MARK: - Normalisation

    @Test(arguments: [
        ("/home", "/home"), ("/home.json", "/home"), ("//home", "/home"), ("/catalog/", "/catalog"),
        ("/catalog//item-1", "/catalog/item-1"), ("/", "/"), ("", "/"), ("/index.json", "/index"),
        ("/a.json.json", "/a.json"),
    ])
    func routeForPath(path: String, route: String) {
        #expect(ScreenFolder.route(forPath: path) == route)
    }

    // MARK: - Docs/ScreensFolder.md, rule by rule

    @Test func plainScreensAndIndexFiles() {
        #expect(served("/home") == "home.json")
        #expect(served("/home.json") == "home.json")
        #expect(served("/catalog") == "catalog/index.json")
        #expect(served("/catalog/") == "catalog/index.json")
        #expect(served("//catalog//item-1") == "catalog/item-1.json")
        #expect(served("/") == "index.json")
        #expect(served("/index") == "index.json")
        #expect(served("/home.v2") == "home.v2.json")
    }

    @Test func rJsonComesBeforeRIndexJson() {
        #expect(served("/profile") == "profile.json")
    }

    @Test func nonJSONFilesAreServedAsThey() {
        #expect(served("/banner.png") == "banner.png")
        #expect(served("/docs/guide.pdf") == "docs/guide.pdf")
        #expect(served("/data") == "data")
        #expect(served("/data.json") == "data")  // `.json` names the same route
        #expect(served("/banner.png", .ios) == "banner.png")
        let match = folder.resolve("/banner.png", platform: .ios).match
        #expect(match?.platform == nil)
        #expect(match?.variesByPlatform == false)
    }

    @Test func imagesComeFromTheImagesFolder() {
        #expect(served("/images/beach.jpg") == "images/beach.jpg")
        #expect(served("/images/icons/star.png") == "images/icons/star.png")
        #expect(folder.resolve("/images/beach.jpg").match?.file.location == .images)
        #expect(folder.resolve("/images/beach.jpg").match?.file.url.path == "/srv/app/images/beach.jpg")
        // The images folder first, then the screens folder.
        #expect(folder.resolve("/images/local.png").match?.file.location == .images)
        #expect(served("/images/missing.png") == nil)
        let noImages = ScreenFolder(root: Self.root, relativePaths: ["images/local.png"])
        #expect(noImages.resolve("/images/local.png").match?.file.location == .screens)
    }

    @Test func platformVariantsInOrder() {
        #expect(served("/home", .ios) == "home.ios.json")
        #expect(served("/home", .android) == "home.mobile.json")
        #expect(served("/home", .web) == "home.web.json")
        #expect(served("/home", nil) == "home.json")
        let ios = folder.resolve("/home", platform: .ios).match
        #expect(ios?.platform == .ios)
        #expect(ios?.variesByPlatform == true)
        let android = folder.resolve("/home", platform: .android).match
        #expect(android?.platform == .mobile)
        #expect(folder.resolve("/home").match?.variesByPlatform == true)
        #expect(folder.resolve("/profile").match?.variesByPlatform == false)
    }

    @Test func variantsUnderIndexComeBeforeThePlainFile() {
        #expect(served("/catalog", .android) == "catalog/index.android.json")
        #expect(served("/catalog", .ios) == "catalog/index.json")
        #expect(served("/settings", .ios) == "settings/index.ios.json")  // R/index.<p> before R.json
        #expect(served("/settings", .web) == "settings.json")
    }

    @Test func variantOnlyRoutesExistOnlyForTheirPlatform() {
        #expect(served("/only-ios", .ios) == "only-ios.ios.json")
        #expect(folder.resolve("/only-ios", platform: .android) == .notFound(route: "/only-ios"))
        #expect(folder.resolve("/only-ios") == .notFound(route: "/only-ios"))
    }

    @Test func variantAndMethodFilesAreNotRoutesByTheirOwnName() {
        #expect(folder.resolve("/home.ios") == .notFound(route: "/home.ios"))
        #expect(folder.resolve("/home.ios.json", platform: .ios) == .notFound(route: "/home.ios"))
        #expect(folder.resolve("/cart.post") == .notFound(route: "/cart.post"))
        #expect(folder.resolve("/only-post", method: "GET") == .notFound(route: "/only-post"))
    }

    @Test func methodFilesAnswerBodyMethods() {
        #expect(served("/cart", nil, "POST") == "cart.post.json")
        #expect(served("/cart", nil, "post") == "cart.post.json")
        #expect(served("/cart.json", nil, "POST") == "cart.post.json")
        #expect(served("/cart", .ios, "POST") == "cart.post.ios.json")
        #expect(served("/cart", .android, "POST") == "cart.post.json")
        #expect(served("/cart", nil, "DELETE") == "cart.delete.json")
        #expect(served("/orders", .android, "PUT") == "orders/index.put.mobile.json")
        #expect(served("/orders", .web, "PUT") == "orders/index.put.json")
        #expect(served("/only-post", nil, "POST") == "only-post.post.json")
        #expect(served("/cart", nil, "HEAD") == "cart.json")
        #expect(folder.resolve("/cart", platform: .ios, method: "POST").match?.variesByPlatform == true)
        #expect(folder.resolve("/cart", platform: nil, method: "DELETE").match?.variesByPlatform == false)
    }

    @Test func otherMethodsGet405WithTheAllowedOnes() {
        #expect(
            folder.resolve("/cart", method: "PUT")
                == .methodNotAllowed(route: "/cart", allowed: ["GET", "HEAD", "POST", "DELETE"]))
        #expect(folder.resolve("/home", method: "POST") == .methodNotAllowed(route: "/home", allowed: ["GET", "HEAD"]))
        #expect(
            folder.resolve("/banner.png", method: "DELETE") == .methodNotAllowed(route: "/banner.png", allowed: ["GET", "HEAD"]))
        #expect(folder.resolve("/only-post", method: "PATCH") == .methodNotAllowed(route: "/only-post", allowed: ["POST"]))
        #expect(folder.resolve("/home", method: "OPTIONS") == .methodNotAllowed(route: "/home", allowed: ["GET", "HEAD"]))
        #expect(folder.resolve("/nothing", method: "POST") == .notFound(route: "/nothing"))
        #expect(folder.allowedMethods("/orders", platform: .ios) == ["PUT"])
    }

    @Test func missingRoutesAreNotFound() {
        #expect(folder.resolve("/nope") == .notFound(route: "/nope"))
        #expect(folder.resolve("/catalog/item-3", platform: .ios) == .notFound(route: "/catalog/item-3"))
    }

    // MARK: - Suggestions

    @Test func suggestsUpToThreeClosestRoutes() {
        #expect(folder.suggestions(for: "/hom") == ["/home"])
        #expect(folder.suggestions(for: "/home-v2") == ["/home.v2"])
        #expect(folder.suggestions(for: "/catalog/item-3") == ["/catalog/item-1", "/catalog/item-2"])
        #expect(folder.suggestions(for: "/catalog/itm") == ["/catalog/item-1", "/catalog/item-2", "/catalog"])
        #expect(folder.suggestions(for: "/catalog/item-3", limit: 1) == ["/catalog/item-1"])
        #expect(folder.suggestions(for: "/Profile") == ["/profile"])
        #expect(folder.suggestions(for: "/zzzzzzzzzzzzzzzzzzzz").isEmpty)
    }

    @Test func neverSuggestsVariantOrMethodFilesOrRoutesThatWouldFail() {
        let suggestions = folder.suggestions(for: "/only", platform: .web)
        #expect(!suggestions.contains { $0.contains(".ios") || $0.contains(".post") })
        #expect(!suggestions.contains("/only-ios"))
        #expect(!suggestions.contains("/only-post"))
        #expect(folder.suggestions(for: "/only-io", platform: .ios).first == "/only-ios")
        #expect(folder.suggestions(for: "/cart.pos").allSatisfy { !$0.hasSuffix(".post") })
    }

    // MARK: - Routes listing

    @Test func listsRoutesWithTheirFiles() throws {
        let routes = folder.routes
        let home = try #require(routes.first { $0.path == "/home" })
        #expect(home.files.map(\.relativePath) == ["home.ios.json", "home.json", "home.mobile.json", "home.web.json"])
        #expect(home.primaryFile?.relativePath == "home.json")
        #expect(home.variantPlatforms == [.ios, .web, .mobile])
        let profile = try #require(routes.first { $0.path == "/profile" })
        #expect(profile.primaryFile?.relativePath == "profile.json")
        let cart = try #require(routes.first { $0.path == "/cart" })
        #expect(cart.bodyMethods == ["POST", "DELETE"])
        #expect(cart.variantPlatforms.isEmpty)
        #expect(routes.contains { $0.path == "/images/beach.jpg" })
        #expect(routes.map(\.path) == routes.map(\.path).sorted())
    }
}

@Suite struct ScreenFolderScanningTests {
    /// A scratch folder `<tmp>/<unique>/{screens,images}` removed at the end of the test.
    struct Scratch {
        let base: URL
        init() throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("beagle-screens-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        }
        func write(_ relative: String, _ text: String = "{}") throws {
            let url = base.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func remove() { try? FileManager.default.removeItem(at: base) }
    }

    @Test func listsFilesSkippingDotFilesConfigAndOutsideLinks() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for path in [
            "screens/home.json", "screens/home.ios.json", "screens/catalog/index.json", "screens/banner.png",
            "screens/beagle-mock.yml", "screens/.hidden.json", "screens/.git/config", "screens/catalog/.DS_Store",
            "screens/nested/beagle-mock.yml", "images/beach.jpg", "images/.thumbs/x.jpg", "secret.json",
        ] {
            try scratch.write(path)
        }
        let fileManager = FileManager.default
        try fileManager.createSymbolicLink(
            atPath: scratch.base.appendingPathComponent("screens/outside.json").path,
            withDestinationPath: scratch.base.appendingPathComponent("secret.json").path)
        try fileManager.createSymbolicLink(
            atPath: scratch.base.appendingPathComponent("screens/alias.json").path, withDestinationPath: "home.json")
        try fileManager.createSymbolicLink(
            atPath: scratch.base.appendingPathComponent("screens/loop").path,
            withDestinationPath: scratch.base.appendingPathComponent("screens").path)

        let folder = try ScreenFolder(contentsOf: scratch.base.appendingPathComponent("screens"))
        #expect(
            folder.files.map(\.relativePath) == [
                "alias.json", "banner.png", "catalog/index.json", "home.ios.json", "home.json", "nested/beagle-mock.yml",
            ])
        #expect(folder.images.map(\.relativePath) == ["beach.jpg"])
        #expect(folder.imagesRoot?.lastPathComponent == "images")
        #expect(folder.resolve("/images/beach.jpg").match != nil)
        #expect(folder.resolve("/beagle-mock.yml") == .notFound(route: "/beagle-mock.yml"))
        #expect(folder.resolve("/outside") == .notFound(route: "/outside"))
    }

    @Test func anExplicitImagesFolderAndConfigFileAreHonoured() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("screens/home.json")
        try scratch.write("screens/settings.yml", "seed: 1")
        try scratch.write("images/sibling.png")
        try scratch.write("art/logo.png")
        let folder = try ScreenFolder(
            contentsOf: scratch.base.appendingPathComponent("screens"),
            images: scratch.base.appendingPathComponent("art"),
            configFile: scratch.base.appendingPathComponent("screens/settings.yml"))
        #expect(folder.files.map(\.relativePath) == ["home.json"])
        #expect(folder.images.map(\.relativePath) == ["logo.png"])
        #expect(folder.resolve("/images/logo.png").match?.file.location == .images)
        #expect(folder.resolve("/images/sibling.png").match == nil)
    }

    @Test func noImagesFolderIsFine() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("screens/home.json")
        let folder = try ScreenFolder(contentsOf: scratch.base.appendingPathComponent("screens"))
        #expect(folder.imagesRoot == nil)
        #expect(folder.images.isEmpty)
    }

    @Test func missingFoldersAreClearErrors() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.write("screens/home.json")
        let missing = scratch.base.appendingPathComponent("nope")
        #expect(throws: ScreenFolderError.folderNotFound(path: missing.path)) { try ScreenFolder(contentsOf: missing) }
        let file = scratch.base.appendingPathComponent("screens/home.json")
        #expect(throws: ScreenFolderError.notAFolder(path: file.path)) { try ScreenFolder(contentsOf: file) }
        let screens = scratch.base.appendingPathComponent("screens")
        #expect(throws: ScreenFolderError.imagesFolderNotFound(path: missing.path)) {
            try ScreenFolder(contentsOf: screens, images: missing)
        }
        #expect(ScreenFolderError.folderNotFound(path: "x").description == "screens folder 'x' does not exist")
    }
}
