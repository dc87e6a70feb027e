import BeagleMock
import BeagleNetworking
import Foundation
import MockTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `NetworkClientDefault.sharedSession` keeps cookies as Beagle's `URLSession.shared` does: a
/// cookie the BFF sets goes back with the next request.
@Suite struct CookieTests {
    @Test func aCookieTheServerSetsIsSentBack() async throws {
        // The path keeps the cookie (in the process-wide HTTPCookieStorage.shared) off every
        // other test's requests to 127.0.0.1.
        let config = """
            routes:
              - path: /cookie-jar/login
                methods: [POST]
                response:
                  status: 200
                  headers: {Set-Cookie: "beagle-session=s-42; Path=/cookie-jar"}
            """
        var files = Fixtures.files
        files["screens/cookie-jar/login.post.json"] = Fixtures.text("in")
        files["screens/cookie-jar/after.json"] = Fixtures.text("after")
        files["screens/beagle-mock.yml"] = config
        try await withMockServer(files: files) { server, _ in
            try await withTCPTap(forwardingTo: server.port) { tap in
                let clients = try Fixtures.clients(port: tap.port)
                // A POST: a route's `response:` headers answer its method file (Docs/Configuration.md).
                _ = try await clients.view.fetch(url: "/cookie-jar/login", additionalData: HttpAdditionalData(method: .post))
                let after = try await clients.view.fetch(url: "/cookie-jar/after", additionalData: nil)
                #expect(Fixtures.text(of: after) == "after")
                let heads = requestHeads(in: tap.snapshot.sentText)
                try #require(heads.count == 2, "two requests on the wire, saw \(heads.count)")
                #expect(values("Cookie", in: heads[0]).isEmpty)
                #expect(values("Cookie", in: heads[1]) == ["beagle-session=s-42"])
            }
        }
    }
}
