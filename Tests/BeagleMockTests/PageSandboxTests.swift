import Crypto
import Foundation
import HTTPTypes
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockDoors
@testable import BeagleMockEngine

/// Pages served by the mock cannot reach the admin API (Docs/AdminAPI.md, "Pages served by the
/// mock"): every answer a browser would run as a page is sandboxed, and the dashboard runs its own
/// script alone. A browser checks the same in CI (.ci/dashboard_test.py).
@Suite struct PageSandboxTests {
    static let files = [
        "screens/home.json": #"{"home":true}"#,
        "screens/page.html": "<!doctype html><script>fetch('/__admin/requests')</script>",
        "screens/logo.svg": #"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#,
        "screens/feed.xml": "<feed/>",
        "screens/notes.txt": "notes",
    ]

    @Test func pagesFromTheFolderAreSandboxedAndOtherAnswersAreNot() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            for path in ["/page.html", "/logo.svg", "/feed.xml"] {
                let response = try #require(try await HTTPProbe.request(port: server.port, target: path))
                #expect(response.status == 200)
                #expect(response.header("Content-Security-Policy") == PageSandbox.field.value, "\(path)")
            }
            for path in ["/home", "/notes.txt", "/nowhere", "/__admin/health"] {
                let response = try #require(try await HTTPProbe.request(port: server.port, target: path))
                #expect(response.header("Content-Security-Policy") == nil, "\(path)")
            }
        }
    }

    @Test func aPageTypeSetByARuleOrTheUpstreamIsSandboxedBesideItsOwnPolicy() async throws {
        let config = """
            routes:
              - path: /form
                methods: [POST]
                response: {headers: {Content-Type: text/html, Content-Security-Policy: "script-src *"}}
            """
        let files = Self.files.merging(["screens/beagle-mock.yml": config, "screens/form.post.json": "{}"]) { $1 }
        try await withMockServer(files: files) { server, _ in
            let response = try #require(try await HTTPProbe.request(port: server.port, method: "POST", target: "/form"))
            #expect(response.status == 200)
            let policies = response.headers.filter { $0.name.lowercased() == "content-security-policy" }.map(\.value)
            #expect(policies.sorted() == [PageSandbox.field.value, "script-src *"].sorted(), "\(policies)")
        }
        try await withProxyPair(upstreamFiles: ["screens/remote.html": "<p>remote</p>"]) { mock, _, _ in
            let response = try #require(try await HTTPProbe.request(port: mock.port, target: "/remote.html"))
            #expect(response.status == 200)
            #expect(response.header("Content-Security-Policy") == PageSandbox.field.value)
        }
    }

    @Test(arguments: [
        ("text/html", true), ("TEXT/HTML; charset=utf-8", true), (" text/html ;q=1", true), ("application/xhtml+xml", true),
        ("image/svg+xml", true), ("text/xml", true), ("application/xml", true), ("application/atom+xml", true),
        ("", true), ("application/json; charset=utf-8", false), ("image/png", false), ("text/plain", false),
        ("text/css", false), ("application/javascript", false), ("text/htmlx", false), ("xml", false),
    ])
    func pageTypesAreTold(contentType: String, isPage: Bool) {
        #expect(PageSandbox.runsAsPage(contentType) == isPage)
    }

    @Test func theDashboardRunsItsOwnScriptAloneByItsHash() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let page = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/"))
            let policy = try #require(page.header("Content-Security-Policy"))
            let scriptSource = try #require(policy.split(separator: ";").first { $0.contains("script-src") })
            #expect(!scriptSource.contains("unsafe-inline"))
            // The hash is of the script the page holds, as the browser computes it.
            let text = page.text
            let open = try #require(text.range(of: "<script>"))
            let close = try #require(text.range(of: "</script>", range: open.upperBound..<text.endIndex))
            let digest = Data(SHA256.hash(data: Data(text[open.upperBound..<close.lowerBound].utf8))).base64EncodedString()
            #expect(scriptSource.trimmingCharacters(in: .whitespaces) == "script-src 'sha256-\(digest)'")
            #expect(text.components(separatedBy: "<script").count == 2, "one script element")
            #expect(page.header("Content-Security-Policy")?.contains("sandbox") == false)
        }
    }
}
