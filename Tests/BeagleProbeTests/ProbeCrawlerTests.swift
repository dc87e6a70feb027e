import BeagleNetworking
import BeagleProbe
import Foundation
import Testing

/// The crawl over a BFF in memory: what is followed, how deep, what each fetch reports.
@Suite struct ProbeCrawlerTests {
    static let base = "http://bff.test:8080"

    func crawl(
        _ answers: [String: FakeBFF.Answer], start: String = "/home", depth: Int = 3, coder: any CoderProtocol = Coder()
    ) async throws -> (ProbeReport, FakeBFF) {
        let bff = FakeBFF(answers)
        let configuration = try ProbeConfiguration(startURL: Self.base + start, depth: depth, timeout: .seconds(5))
        let report = await ProbeCrawler(configuration: configuration, networkClient: bff, coder: coder).run()
        return (report, bff)
    }

    func result(_ report: ProbeReport, _ route: String) throws -> ProbeResult {
        try #require(report.results.first { $0.route == route }, "no result for \(route)")
    }

    @Test func followsEveryRemoteNavigationBreadthFirstThenListsImages() async throws {
        let (report, bff) = try await crawl([
            "/home": .json(
                ScreenJSON.screen(
                    ScreenJSON.link("/a"), ScreenJSON.button(ScreenJSON.navigate("pushStack", "/b")),
                    ScreenJSON.image("/images/home.png"))),
            "/a": .json(ScreenJSON.screen(ScreenJSON.button(ScreenJSON.navigate("resetApplication", "/c")))),
            "/b": .json(ScreenJSON.screen(ScreenJSON.button(ScreenJSON.navigate("resetStack", "/home")))),
            "/c": .json(ScreenJSON.screen(ScreenJSON.image("/images/c.png"))),
            "/images/home.png": .bytes(FakeBFF.png),
            "/images/c.png": .bytes(FakeBFF.png),
        ])
        #expect(report.results.map(\.route) == ["/home", "/a", "/b", "/c", "/images/home.png", "/images/c.png"])
        #expect(report.results.map(\.depth) == [0, 1, 1, 2, 0, 2])
        #expect(report.results.map(\.kind) == [.screen, .screen, .screen, .screen, .image, .image])
        #expect(report.results[3].referrer == "/a")
        #expect(!report.failed)
        // Each route once, though /home is referenced again from /b.
        #expect(bff.requests.sorted() == ["/a", "/b", "/c", "/home", "/images/c.png", "/images/home.png"])
    }

    @Test func depthCountsNavigationStepsAndListsWhatLiesBeyond() async throws {
        let answers: [String: FakeBFF.Answer] = [
            "/home": .json(ScreenJSON.screen(ScreenJSON.link("/one"), ScreenJSON.lazy("/home-lazy"), ScreenJSON.image("/i.png"))),
            "/home-lazy": .json(ScreenJSON.text("lazy")),
            "/one": .json(ScreenJSON.screen(ScreenJSON.link("/two"))),
            "/two": .json(ScreenJSON.screen()),
            "/i.png": .bytes(FakeBFF.png),
        ]
        let (startOnly, bff) = try await crawl(answers, depth: 0)
        // The start screen's lazy component and images load with it, at depth 0.
        #expect(startOnly.results.map(\.route) == ["/home", "/home-lazy", "/i.png"])
        #expect(startOnly.results.map(\.kind) == [.screen, .lazyComponent, .image])
        #expect(startOnly.notFollowed.map(\.url) == ["/one"])
        #expect(startOnly.notFollowed.first?.reason == .beyondDepth(0))
        #expect(!bff.requests.contains("/one"))

        let (one, _) = try await crawl(answers, depth: 1)
        #expect(one.results.map(\.route) == ["/home", "/home-lazy", "/one", "/i.png"])
        #expect(one.notFollowed.map(\.url) == ["/two"])
        #expect(one.text.contains("/two  beyond --depth 1 (from /one)"))
    }

    @Test func aRouteFirstSeenTooDeepIsFetchedWhenALazyComponentReachesItSooner() async throws {
        // /home (0) → lazy /panel (0) → /target (1); /home → /deep (1) → /target (2, too deep).
        let (report, _) = try await crawl(
            [
                "/home": .json(ScreenJSON.screen(ScreenJSON.link("/deep"), ScreenJSON.lazy("/panel"))),
                "/deep": .json(ScreenJSON.screen(ScreenJSON.link("/target"))),
                "/panel": .json(ScreenJSON.screen(ScreenJSON.link("/target"))),
                "/target": .json(ScreenJSON.screen()),
            ], depth: 1)
        #expect(report.results.map(\.route).contains("/target"))
        #expect(report.notFollowed.isEmpty)
    }

    @Test func everyFetchRunsAtItsDistanceFromTheStart() async throws {
        // /a (1) and the lazy /panel (0) both show /i.png: the image is at depth 0. /home links
        // to /panel/inner (1), but /panel loads it as a lazy component with /home (0).
        let (report, _) = try await crawl([
            "/home": .json(ScreenJSON.screen(ScreenJSON.link("/a"), ScreenJSON.link("/panel/inner"), ScreenJSON.lazy("/panel"))),
            "/a": .json(ScreenJSON.screen(ScreenJSON.image("/i.png"), ScreenJSON.link("/b"))),
            "/panel": .json(ScreenJSON.screen(ScreenJSON.image("/i.png"), ScreenJSON.lazy("/panel/inner"))),
            "/panel/inner": .json(ScreenJSON.screen(ScreenJSON.link("/b"))),
            "/b": .json(ScreenJSON.screen()),
            "/i.png": .bytes(FakeBFF.png),
        ])
        #expect(report.results.map(\.route) == ["/home", "/panel", "/panel/inner", "/a", "/b", "/i.png"])
        #expect(report.results.map(\.depth) == [0, 0, 0, 1, 1, 0])
        #expect(report.results.map(\.kind) == [.screen, .lazyComponent, .lazyComponent, .screen, .screen, .image])
        #expect(report.results.map { $0.referrer ?? "-" } == ["-", "/home", "/panel", "/home", "/panel/inner", "/panel"])
    }

    @Test func skipsExpressionsOtherOriginsOtherMethodsAndPopToView() async throws {
        let (report, bff) = try await crawl([
            "/home": .json(
                ScreenJSON.screen(
                    ScreenJSON.link("@{item.route}"),
                    ScreenJSON.link("https://elsewhere.test/screen"),
                    ScreenJSON.link("http://bff.test:8080/same-origin?page=2"),
                    ScreenJSON.button(ScreenJSON.navigate("pushView", "/order", method: "POST")),
                    ScreenJSON.button(#"{"_beagleAction_": "beagle:popToView", "route": "/catalog"}"#),
                    ScreenJSON.button(#"{"_beagleAction_": "beagle:sendRequest", "url": "/api/cart", "method": "GET"}"#),
                    ScreenJSON.image("@{item.image}"),
                    ScreenJSON.image("https://cdn.test/picture.png"))),
            "/same-origin?page=2": .json(ScreenJSON.screen()),
        ])
        // The image on another origin is downloaded all the same, through the same client (which
        // answers any host here).
        #expect(bff.requests.sorted() == ["/home", "/picture.png", "/same-origin?page=2"])
        #expect(report.results.map(\.route) == ["/home", "/same-origin?page=2", "https://cdn.test/picture.png"])
        #expect(
            report.notFollowed.map { "\($0.url) \($0.reason.code)" } == [
                "https://elsewhere.test/screen other-origin", "/order method",
            ])
    }

    @Test func aPathWithoutLeadingSlashIsAWarningBeagleCannotFetch() async throws {
        let (report, bff) = try await crawl([
            "/home": .json(ScreenJSON.screen(ScreenJSON.link("catalog"), ScreenJSON.image("images/a.png")))
        ])
        #expect(bff.requests == ["/home"])
        let home = try result(report, "/home")
        #expect(!home.failed)
        #expect(
            home.problems.map(\.description) == [
                "warning: route 'catalog' at 1:233 is neither a BFF path (/…) nor an http(s) URL: Beagle cannot fetch it",
                "warning: image 'images/a.png' at 1:333 is neither a BFF path (/…) nor an http(s) or data: URL: Beagle cannot fetch it",
            ])
        #expect(report.notFollowed.map(\.reason) == [.notFetchable, .notFetchable])
    }

    @Test func unknownBeagleTypesAreErrorsAndCustomTypesWarnings() async throws {
        let (report, _) = try await crawl([
            "/home": .json(
                ScreenJSON.screen(
                    ScreenJSON.component("beagle:carousel"), ScreenJSON.component("custom:productCard"),
                    ScreenJSON.button(#"{"_beagleAction_": "beagle:vibrate"}"#), ScreenJSON.component("beagle:carousel")))
        ])
        let home = try result(report, "/home")
        #expect(home.status == 200)
        #expect(
            home.problems.map(\.description) == [
                "unknown component 'beagle:carousel': Beagle shows nothing in its place",
                "unknown action 'beagle:vibrate': Beagle ignores it",
                "warning: component 'custom:productCard' is not registered in the probe's Coder (fine if the app registers it)",
            ])
        #expect(report.failed)
    }

    @Test func aRegisteredCustomTypeIsNoProblem() async throws {
        let coder = Coder()
        coder.register(type: ProductCard.self, named: "productCard")
        let (report, _) = try await crawl(
            ["/home": .json(ScreenJSON.screen(ScreenJSON.component("custom:productCard")))], coder: coder)
        #expect(try result(report, "/home").problems.isEmpty)
    }

    @Test func bodiesThatAreNotScreensSayWhy() async throws {
        let (report, _) = try await crawl([
            "/home": .json(
                ScreenJSON.screen(
                    ScreenJSON.link("/broken"), ScreenJSON.link("/empty"), ScreenJSON.link("/html"), ScreenJSON.link("/shape"))),
            "/broken": .json("{\n  \"_beagleComponent_\": \"beagle:text\"\n  \"text\": 1\n}"),
            "/empty": .json(""),
            "/html": .response(status: 200, body: Data("<html></html>".utf8), contentType: "text/html"),
            "/shape": .json(#"{"_beagleComponent_": "beagle:screenComponent", "child": {"_beagleComponent_": "beagle:image"}}"#),
        ])
        #expect(
            try result(report, "/broken").problems == [.error("not valid JSON at 3:3: expected ',' or '}' after object member")])
        #expect(try result(report, "/empty").problems == [.error("empty body: a screen must be JSON")])
        #expect(
            try result(report, "/html").problems == [
                .error("not valid JSON at 1:1: unexpected character '<': expected a value (Content-Type: text/html)")
            ])
        #expect(try result(report, "/shape").problems == [.error("does not decode: missing key 'path' at child")])
        #expect(report.failedCount == 4)
    }

    @Test func networkFailuresAndStatusesAreSaidInWords() async throws {
        let (report, _) = try await crawl([
            "/home": .json(
                ScreenJSON.screen(
                    ScreenJSON.link("/gone"), ScreenJSON.link("/slow"), ScreenJSON.link("/reset"), ScreenJSON.link("/cut"),
                    ScreenJSON.image("/images/missing.png"), ScreenJSON.image("/images/text.png"))),
            "/gone": .status(503),
            "/slow": .failure(.timeout),
            "/reset": .failure(.connectionReset),
            "/cut": .failure(.truncatedResponse),
            "/images/text.png": .bytes(Data("not an image".utf8), "image/png"),
        ])
        let gone = try result(report, "/gone")
        #expect(gone.status == 503)
        #expect(gone.problems == [.error("HTTP 503")])
        #expect(gone.body == Data(#"{"error": "status 503"}"#.utf8))
        #expect(try result(report, "/slow").problems == [.error("timeout: no complete response within 5 s")])
        #expect(try result(report, "/reset").problems == [.error("connection reset")])
        #expect(
            try result(report, "/cut").problems == [
                .error("truncated response: the connection closed before the body was complete")
            ])
        #expect(try result(report, "/images/missing.png").problems == [.error("HTTP 404")])
        #expect(
            try result(report, "/images/text.png").problems == [
                .error("not an image: the bytes are none of PNG, JPEG, GIF, WebP, HEIF, BMP, ICO, TIFF, SVG")
            ])
        #expect(report.failedCount == 6)
        #expect(report.summaryLine.hasSuffix(": 6 failed"))
    }

    @Test func keepsTheExactBytesReceived() async throws {
        let body = "{ \"_beagleComponent_\" : \"beagle:text\",\n\t\"text\": \"é\" }   \n"
        let (report, _) = try await crawl(["/home": .json(body)])
        #expect(try result(report, "/home").body == Data(body.utf8))
        #expect(try result(report, "/home").size == body.utf8.count)
    }

    @Test func dataURLImagesAreCheckedWithoutARequest() async throws {
        let png = "data:image/png;base64," + FakeBFF.png.base64EncodedString()
        let (report, bff) = try await crawl([
            "/home": .json(ScreenJSON.screen(ScreenJSON.image(png), ScreenJSON.image("data:image/png;base64,%%%")))
        ])
        #expect(bff.requests == ["/home"])
        #expect(report.results.count == 3)
        #expect(report.results[1].problems.isEmpty)
        #expect(report.results[2].failed)
        #expect(report.text.contains("image   data:image/png;base64,%%%"))
    }
}

/// A custom component an app would register.
struct ProductCard: ServerDrivenComponent {}
