import BeagleProbe
import Foundation
import Testing

@Suite struct BFFOriginTests {
    let origin = BFFOrigin(URL(string: "http://127.0.0.1:8080/home")!)!

    @Test func theOriginIsSchemeHostAndPort() {
        #expect(origin.description == "http://127.0.0.1:8080")
        #expect(origin.baseURL?.absoluteString == "http://127.0.0.1:8080")
    }

    @Test func bffPathsAreRoutesAsWrittenWithoutTheirFragment() {
        #expect(origin.route(for: "/catalog/item-1") == "/catalog/item-1")
        #expect(origin.route(for: "/search?q=a%20b#top") == "/search?q=a%20b")
        #expect(origin.route(for: "//weird") == "//weird")
    }

    @Test func absoluteURLsOnTheSameOriginBecomeTheirPathAndQuery() {
        #expect(origin.route(for: "http://127.0.0.1:8080/catalog?page=2") == "/catalog?page=2")
        #expect(origin.route(for: "HTTP://127.0.0.1:8080") == "/")
    }

    @Test func otherOriginsAndNonPathsAreNotRoutes() {
        #expect(origin.route(for: "http://127.0.0.1:8081/catalog") == nil)
        #expect(origin.route(for: "https://127.0.0.1:8080/catalog") == nil)
        #expect(origin.route(for: "http://localhost:8080/catalog") == nil)
        #expect(origin.route(for: "catalog") == nil)
        #expect(origin.route(for: "myapp://catalog") == nil)
    }

    @Test func defaultPortsCompareEqualToExplicitOnes() throws {
        let https = try #require(BFFOrigin(URL(string: "https://bff.example.com/home")!))
        #expect(https.route(for: "https://BFF.example.com:443/a") == "/a")
        #expect(https.route(for: "http://bff.example.com/a") == nil)
    }

    @Test func onlyHTTPAndHTTPSURLsWithAHostHaveAnOrigin() {
        #expect(BFFOrigin(URL(string: "file:///tmp/home")!) == nil)
        #expect(BFFOrigin(URL(string: "/home")!) == nil)
    }
}
