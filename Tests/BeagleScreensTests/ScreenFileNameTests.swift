import BeagleScreens
import Testing

@Suite struct ScreenFileNameTests {
    @Test(arguments: [
        ("home.json", "/home", nil as BeaglePlatform?, nil as String?, true),
        ("home.ios.json", "/home", .ios, nil, false),
        ("home.mobile.json", "/home", .mobile, nil, false),
        ("catalog/index.json", "/catalog", nil, nil, true),
        ("catalog/index.web.json", "/catalog", .web, nil, false),
        ("index.json", "/", nil, nil, true),
        ("cart.post.json", "/cart", nil, "POST", false),
        ("cart.post.ios.json", "/cart", .ios, "POST", false),
        ("catalog/item-1.json", "/catalog/item-1", nil, nil, true),
        ("home.v2.json", "/home.v2", nil, nil, true),
        ("banner.png", "/banner.png", nil, nil, true),
        ("a..b.json", "/a..b", nil, nil, true),
    ])
    func readsRoute(path: String, route: String, platform: BeaglePlatform?, method: String?, primary: Bool) {
        let name = ScreenFileName(relativePath: path)
        #expect(name.route == route)
        #expect(name.platform == platform)
        #expect(name.method == method)
        #expect(name.isPrimary == primary)
    }

    @Test(arguments: ["", "home", "catalog/item-1", "home.ios", "home.v2", "cart.post", "a..b", "x/home.mobile", "home.json"])
    func aCandidateReadsAsBuiltWhenItsParsedNameSaysSo(route: String) {
        for platform in [nil] + BeaglePlatform.allCases {
            for method in [nil, "POST", "DELETE"] {
                for candidate in RouteCandidates(route: route, platform: platform, method: method) {
                    let parsed = candidate.accepts(ScreenFileName(relativePath: candidate.relativePath))
                    #expect(candidate.readsAsBuilt == parsed, "\(candidate.relativePath) for \(route)")
                }
            }
        }
    }

    @Test func platformHeaderIsCaseInsensitive() {
        #expect(BeaglePlatform(headerValue: "ios") == .ios)
        #expect(BeaglePlatform(headerValue: " Android ") == .android)
        #expect(BeaglePlatform(headerValue: "MOBILE") == nil)
        #expect(BeaglePlatform(headerValue: "") == nil)
    }

    @Test func mobileIncludesBothPhones() {
        #expect(BeaglePlatform.mobile.includes(.ios))
        #expect(BeaglePlatform.mobile.includes(.android))
        #expect(!BeaglePlatform.mobile.includes(.web))
        #expect(BeaglePlatform.all.includes(.web))
        #expect(!BeaglePlatform.ios.includes(.android))
    }
}

/// The shortcuts for paths without empty segments give what splitting gives.
@Suite struct PlainPathTests {
    static let paths = [
        "/", "/home", "/home.json", "/a/b/c", "//home", "/home/", "/a//b", "", "home", "/a/b.json", "/é/\u{301}x",
        "/product/[id]", "/a/./b",
    ]

    @Test(arguments: paths)
    func aStemIsThePathsSegmentsJoined(path: String) {
        let split = path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true).map { String($0) }
        var expected = split.joined(separator: "/")
        if expected.hasSuffix(".json") { expected = String(expected.dropLast(5)) }
        #expect(ScreenFolder.stem(ofPath: path) == expected)
    }

    @Test(arguments: paths)
    func anExactBindingKeepsItsStemAndBindsOnlyBracketedNames(path: String) {
        let stem = ScreenFolder.stem(ofPath: path)
        let binding = RouteBinding.exact(stem)
        #expect(binding.stem == stem)
        #expect(!binding.endsInParameter)
        #expect(binding.parameters == (stem.contains("[id]") ? ["id": "[id]"] : [:]))
    }
}
