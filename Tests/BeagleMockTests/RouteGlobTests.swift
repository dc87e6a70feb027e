import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

@Suite struct RouteGlobTests {
    @Test(arguments: [
        ("/checkout/**", "/checkout", true),
        ("/checkout/**", "/checkout/", true),
        ("/checkout/**", "/checkout/pay", true),
        ("/checkout/**", "/checkout/pay/confirm", true),
        ("/checkout/**", "/checkoutx", false),
        ("/checkout/**", "/Checkout/pay", false),
        ("/images/*", "/images/a.png", true),
        ("/images/*", "/images", false),
        ("/images/*", "/images/a/b.png", false),
        ("/*/detail", "/item/detail", true),
        ("/*/detail", "/detail", false),
        ("/**", "/", true),
        ("/**", "/anything/at/all", true),
        ("/", "/", true),
        ("/", "/home", false),
        ("/home", "/home", true),
        ("/home", "//home", true),
        ("/home", "/home/", true),
        ("/home", "/home.json", true),
        ("/home.json", "/home.json", true),
        ("/home", "/homes", false),
        ("/a/**/z", "/a/z", true),
        ("/a/**/z", "/a/b/c/z", true),
        ("/a/**/z", "/a/b/c/y", false),
        ("/a/**/b/**/c", "/a/x/b/y/b/c", true),
        ("/images/*.png", "/images/logo.png", true),
        ("/images/*.png", "/images/logo.jpg", false),
        ("/images/*.png", "/images/a/logo.png", false),
        ("/img-*-*.png", "/img-1-2.png", true),
        ("/img-*-*.png", "/img-12.png", false),
        ("/caf\u{E9}", "/cafe\u{301}", true),
        ("/checkout/", "/checkout", true),
        // A separator that a modifier or combining mark follows is still a separator.
        ("/\u{1F3FB}", "/\u{1F3FB}", true),
        ("/a/\u{1F3FB}", "/a/\u{1F3FB}", true),
        ("/a/*", "/a/\u{301}x", true),
        ("/a/*", "/a\u{301}/x", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) throws {
        #expect(try RouteGlob(pattern).matches(path: path) == expected)
    }

    @Test(arguments: [
        ("", "empty path pattern"),
        ("checkout/**", "must start with /"),
        ("/a//b", "empty segment"),
        ("//", "empty segment"),
        ("/a/../b", "segment"),
        ("/a/./b", "segment"),
        ("/a**", "must be a whole segment"),
        ("/a?x=1", "without its query"),
        ("/a\u{0}b", "control character"),
    ])
    func refusesPatternsThatCannotMatch(pattern: String, expectedMessage: String) {
        #expect {
            try RouteGlob(pattern)
        } throws: { error in
            (error as? SpecError)?.message.contains(expectedMessage) == true
        }
    }

    @Test func manyDeepWildcardsOnALongPathFinishQuickly() throws {
        let glob = try RouteGlob("/**/a/**/b/**/c/**/d")
        let path = "/" + Array(repeating: "x", count: 5_000).joined(separator: "/")
        #expect(!glob.matches(path: path))
        #expect(glob.matches(path: path + "/a/b/c/d"))
    }

    @Test func ruleForGetAlsoCoversHead() throws {
        let rule = try RouteRule(path: RouteGlob("/home"), methods: ["get"], layer: .empty)
        #expect(rule.matches(method: "GET", path: "/home"))
        #expect(rule.matches(method: "HEAD", path: "/home"))
        #expect(!rule.matches(method: "POST", path: "/home"))
        let anyMethod = try RouteRule(path: RouteGlob("/home"), layer: .empty)
        #expect(anyMethod.matches(method: "DELETE", path: "/home"))
        let headOnly = try RouteRule(path: RouteGlob("/home"), methods: ["HEAD"], layer: .empty)
        #expect(!headOnly.matches(method: "GET", path: "/home"))
        #expect {
            try RouteRule(path: RouteGlob("/home"), methods: ["GTE"], layer: .empty)
        } throws: { error in
            (error as? SpecError)?.message.contains("did you mean GET?") == true
        }
    }

    @Test func canonicalPathsCollapseSlashesAndDropJSON() {
        #expect(PathSegments("//a//b.json").canonical == "/a/b")
        #expect(PathSegments("/a/b").canonical == "/a/b")
        #expect(PathSegments("/a/b/").canonical == "/a/b")
        #expect(PathSegments("").canonical == "/")
        #expect(PathSegments("/.json").canonical == "/.json")
    }
}
