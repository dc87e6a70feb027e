import BeagleScreens
import Foundation
import Testing

/// Docs/ScreensFolder.md, "Path parameters": `[name]` files and folders, over a listing.
@Suite struct PathParameterTests {
    static let root = URL(fileURLWithPath: "/srv/app/screens")

    let folder = ScreenFolder(
        root: root,
        relativePaths: [
            "home.json",
            "product/[id].json", "product/[id].ios.json", "product/new.json", "product/[id].put.json",
            "product/index.json",
            "users/[uid]/orders.json", "users/[uid]/index.json", "users/admin/settings.json",
            "users/[uid]/orders/[order].json",
            "mobile/[slug].mobile.json",
            "cart/[id].put.json", "cart/[id].json",
            "a/[x]/deep.json", "a/[y]/deeper.json", "a/b/other.json",
            "invalid/[].json", "invalid/[a b].json", "invalid/[v1.2].json",
            "assets/[file]",
        ]
    )

    func resolved(_ path: String, _ platform: BeaglePlatform? = nil, _ method: String = "GET") -> ScreenMatch? {
        folder.resolve(path, platform: platform, method: method).match
    }

    @Test func parameterMatchesOneSegment() throws {
        let match = try #require(resolved("/product/42"))
        #expect(match.file.relativePath == "product/[id].json")
        #expect(match.parameters == ["id": "42"])
        #expect(match.route == "/product/42")
        #expect(resolved("/product/42.json")?.parameters == ["id": "42"])
        #expect(resolved("/product/42/more") == nil)
        #expect(resolved("/product")?.file.relativePath == "product/index.json")
    }

    @Test func exactNameBeatsParameter() throws {
        let match = try #require(resolved("/product/new"))
        #expect(match.file.relativePath == "product/new.json")
        #expect(match.parameters.isEmpty)
        // Exact wins even over the parameter's platform variant.
        #expect(resolved("/product/new", .ios)?.file.relativePath == "product/new.json")
    }

    @Test func nestedParameters() throws {
        let orders = try #require(resolved("/users/7/orders"))
        #expect(orders.file.relativePath == "users/[uid]/orders.json")
        #expect(orders.parameters == ["uid": "7"])
        let order = try #require(resolved("/users/7/orders/A-9"))
        #expect(order.file.relativePath == "users/[uid]/orders/[order].json")
        #expect(order.parameters == ["uid": "7", "order": "A-9"])
        #expect(resolved("/users/7")?.file.relativePath == "users/[uid]/index.json")
    }

    @Test func backtracksFromAnExactBranchThatFindsNothing() throws {
        // `users/admin/` exists but has no `orders`: the `[uid]` branch answers.
        let match = try #require(resolved("/users/admin/orders"))
        #expect(match.file.relativePath == "users/[uid]/orders.json")
        #expect(match.parameters == ["uid": "admin"])
        #expect(resolved("/users/admin/settings")?.file.relativePath == "users/admin/settings.json")
        // Several `[name]` folders: sorted by name, the first whose files answer wins.
        #expect(resolved("/a/1/deep")?.file.relativePath == "a/[x]/deep.json")
        #expect(resolved("/a/1/deeper")?.file.relativePath == "a/[y]/deeper.json")
        #expect(resolved("/a/1/deeper")?.parameters == ["y": "1"])
        #expect(resolved("/a/b/deep")?.parameters == ["x": "b"])
    }

    @Test func platformVariantsOfAParameterFile() {
        #expect(resolved("/product/42", .ios)?.file.relativePath == "product/[id].ios.json")
        #expect(resolved("/product/42", .ios)?.platform == .ios)
        #expect(resolved("/product/42", .ios)?.variesByPlatform == true)
        #expect(resolved("/product/42", .android)?.file.relativePath == "product/[id].json")
        #expect(resolved("/mobile/x", .android)?.file.relativePath == "mobile/[slug].mobile.json")
        #expect(resolved("/mobile/x", .android)?.parameters == ["slug": "x"])
        #expect(resolved("/mobile/x", .web) == nil)
    }

    @Test func methodFilesOfAParameterFile() {
        let put = folder.resolve("/cart/7", method: "PUT")
        #expect(put.match?.file.relativePath == "cart/[id].put.json")
        #expect(put.match?.parameters == ["id": "7"])
        #expect(
            folder.resolve("/cart/7", method: "POST") == .methodNotAllowed(route: "/cart/7", allowed: ["GET", "HEAD", "PUT"]))
        #expect(folder.allowedMethods("/product/42") == ["GET", "HEAD", "PUT"])
        #expect(
            folder.resolve("/cart/7", method: "DELETE") == .methodNotAllowed(route: "/cart/7", allowed: ["GET", "HEAD", "PUT"]))
    }

    @Test func eachMethodIsResolvedOnItsOwn() {
        let folder = ScreenFolder(root: Self.root, relativePaths: ["cart/new.json", "cart/[id].put.json"])
        #expect(folder.resolve("/cart/new").match?.file.relativePath == "cart/new.json")
        #expect(folder.resolve("/cart/new", method: "PUT").match?.file.relativePath == "cart/[id].put.json")
        #expect(folder.resolve("/cart/new", method: "PUT").match?.parameters == ["id": "new"])
        #expect(folder.allowedMethods("/cart/new") == ["GET", "HEAD", "PUT"])
    }

    @Test func filesInAParameterFolderAreServedAsThey() {
        let folder = ScreenFolder(root: Self.root, relativePaths: ["users/[uid]/avatar.png", "users/[uid]/[tab].json"])
        #expect(folder.resolve("/users/7/avatar.png").match?.file.relativePath == "users/[uid]/avatar.png")
        #expect(folder.resolve("/users/7/avatar.png").match?.parameters == ["uid": "7"])
        // The folder's `[tab]` screen answers other names, never the asset's own.
        #expect(folder.resolve("/users/7/posts").match?.parameters == ["uid": "7", "tab": "posts"])
    }

    @Test func invalidNamesAreNotPatterns() {
        #expect(resolved("/invalid/anything") == nil)
        #expect(resolved("/invalid/[a b]")?.file.relativePath == "invalid/[a b].json")
        // A file named `[file]` without `.json` is an asset by its own name only.
        #expect(resolved("/assets/logo.png") == nil)
    }

    @Test(arguments: [
        ("[id]", "id" as String?), ("[product_id]", "product_id"), ("[a-b9]", "a-b9"), ("[]", nil), ("[a b]", nil),
        ("[v1.2]", nil), ("[é]", nil), ("id", nil), ("[id", nil), ("id]", nil),
    ])
    func parameterNames(segment: String, name: String?) {
        #expect(PathParameter.name(ofSegment: segment) == name)
    }

    @Test func bindingOrder() {
        let index = ParameterIndex(relativePaths: ["u/[b]/x.json", "u/[a]/x.json", "u/k/x.json", "u/[a]/[z].json"])
        #expect(index.bindings(for: "u/k/x").map(\.stem) == ["u/k/x", "u/[a]/x", "u/[a]/[z]", "u/[b]/x"])
        #expect(ParameterIndex(relativePaths: ["home.json", "a/b.json"]).isEmpty)
        #expect(ParameterIndex(relativePaths: ["home.json"]).bindings(for: "a/b") == [.exact("a/b")])
    }

    @Test func longPathsStayLinear() {
        let index = ParameterIndex(relativePaths: ["[a]/[b].json"])
        let stem = Array(repeating: "s", count: 5000).joined(separator: "/")
        #expect(index.bindings(for: stem).count == 2)
    }

    @Test func suggestionsOfferPatterns() {
        #expect(folder.suggestions(for: "/prodct/42").contains("/product/[id]"))
        #expect(!folder.suggestions(for: "/product/42").contains("/product/[id]"))
    }

    @Test func routesListPatterns() throws {
        let route = try #require(folder.routes.first { $0.path == "/product/[id]" })
        #expect(route.files.map(\.relativePath) == ["product/[id].ios.json", "product/[id].json", "product/[id].put.json"])
        #expect(route.primaryFile?.relativePath == "product/[id].json")
        #expect(route.variantPlatforms == [.ios])
        #expect(route.bodyMethods == ["PUT"])
    }
}
