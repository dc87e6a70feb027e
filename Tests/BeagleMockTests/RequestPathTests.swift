import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

@Suite struct RequestPathTests {
    @Test(arguments: [
        ("/home", ["home"]),
        ("/home?x=1", ["home"]),
        ("//a///b/", ["a", "b"]),
        ("/", []),
        ("/user/Name%20Of%20User", ["user", "Name Of User"]),
        ("/caf%C3%A9", ["café"]),
        ("/a..b.png", ["a..b.png"]),
        ("/%252e%252e/x", ["%2e%2e", "x"]),
        ("http://example.com/catalog?x", ["catalog"]),
        ("/x#fragment", ["x"]),
        // The marks are found by bytes: a `/`, `?` or `#` followed by a combining mark still is one.
        ("/\u{301}x", ["\u{301}x"]),
        ("/a?\u{301}", ["a"]),
        ("/a#\u{301}", ["a"]),
        ("/a\u{301}/b", ["a\u{301}", "b"]),
    ])
    func decodes(target: String, segments: [String]) throws {
        #expect(try RequestPath(target: Substring(target)).segments == segments)
    }

    @Test(arguments: [
        ("/../etc/passwd", RequestPath.Refusal.dotSegment),
        ("/a/./b", .dotSegment),
        ("/%2e%2e/etc/passwd", .dotSegment),
        ("/%2E%2E%2Fetc", .separatorInSegment),
        ("/a%2fb", .separatorInSegment),
        ("/a%5cb", .separatorInSegment),
        ("/a\\b", .separatorInSegment),
        ("/a%00b", .controlCharacter),
        ("/a%0Ab", .controlCharacter),
        ("/a%7fb", .controlCharacter),
        ("/a%C2%85b", .controlCharacter),
        ("/a%zz", .badPercentEscape),
        ("/a%4", .badPercentEscape),
        ("/a%", .badPercentEscape),
        ("/%C3%28", .invalidUTF8),
        ("/%ff", .invalidUTF8),
        ("*", .notOriginForm),
        ("home", .notOriginForm),
        ("", .notOriginForm),
    ])
    func refuses(target: String, refusal: RequestPath.Refusal) {
        #expect(throws: refusal) { try RequestPath(target: Substring(target)) }
    }

    @Test func keepsQuery() throws {
        let path = try RequestPath(target: "/home?__latency=2s&a=b")
        #expect(path.query == "__latency=2s&a=b")
        #expect(path.path == "/home")
    }

    @Test func hidesDotNames() throws {
        #expect(try RequestPath(target: "/.git/config").isHidden)
        #expect(try RequestPath(target: "/a/.env").isHidden)
        #expect(try !RequestPath(target: "/a/b.env").isHidden)
    }
}
