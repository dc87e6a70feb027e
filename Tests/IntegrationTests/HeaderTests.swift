import BeagleMock
import BeagleMockTesting
import BeagleNetworking
import Foundation
import MockTestSupport
import Testing

/// Beagle's headers reach the mock: the defaults, per-request headers, and the client's
/// `additionalHeaders`, each winning over the one before.
///
/// The mock has no `/__echo` yet, so two witnesses stand in for it: the server's own choices
/// (`beagle-platform` picks `home.<platform>.json`; `X-Mock-Fault` picks a status), and a
/// `TCPTap` between client and server that keeps the request bytes as they went to the server.
/// Each test has a server of its own over `Fixtures/screens`.
@Suite(.beagleMock("Fixtures/screens", scope: .eachTest)) struct HeaderTests {
    /// Fetches /home through a tap in front of the test's mock; returns the screen's text and the
    /// header fields of the one request the tap saw.
    static func fetchHome(
        additionalHeaders: [String: String] = [:], requestHeaders: [String: String]? = nil
    ) async throws -> (text: String?, head: [(name: String, value: String)]) {
        try await withTCPTap(forwardingTo: try Fixtures.traitPort()) { tap in
            let clients = try Fixtures.clients(port: tap.port)
            clients.network.httpRequestBuilder.additionalHeaders = additionalHeaders
            let screen = try await clients.view.fetch(
                url: "/home", additionalData: requestHeaders.map { HttpAdditionalData(headers: $0) })
            let heads = requestHeads(in: tap.snapshot.sentText)
            try #require(heads.count == 1, "one request on the wire, saw \(heads.count)")
            return (Fixtures.text(of: screen), heads[0])
        }
    }

    @Test func defaultHeadersArriveAndPickTheIOSScreen() async throws {
        let (text, head) = try await Self.fetchHome()
        #expect(text == "ios")
        #expect(values("Content-Type", in: head) == ["application/json"])
        #expect(values("beagle-platform", in: head) == ["IOS"])
    }

    @Test func perRequestHeadersArriveAndOverrideTheDefaults() async throws {
        let (text, head) = try await Self.fetchHome(requestHeaders: ["beagle-platform": "ANDROID", "X-Trace": "t-42"])
        #expect(text == "android")
        #expect(values("beagle-platform", in: head) == ["ANDROID"])
        #expect(values("X-Trace", in: head) == ["t-42"])
        #expect(values("Content-Type", in: head) == ["application/json"])
    }

    @Test func additionalHeadersWinOverPerRequestHeaders() async throws {
        let (text, head) = try await Self.fetchHome(
            additionalHeaders: ["beagle-platform": "WEB", "Authorization": "Bearer test-token"],
            requestHeaders: ["beagle-platform": "ANDROID", "X-Trace": "t-43"])
        #expect(text == "web")
        #expect(values("beagle-platform", in: head) == ["WEB"])
        #expect(values("Authorization", in: head) == ["Bearer test-token"])
        #expect(values("X-Trace", in: head) == ["t-43"])
        #expect(values("Content-Type", in: head) == ["application/json"])
    }

    @Test func theServerActsOnTheHeaderThatWins() async throws {
        let port = try Fixtures.traitPort()
        let clients = try Fixtures.clients(port: port)
        let request = Request(
            url: try Fixtures.url(port: port, "/home"),
            additionalData: HttpAdditionalData(headers: ["X-Mock-Fault": "status:418"]))
        let perRequest = await failure(of: request, through: clients.network)
        #expect(perRequest.flatMap(\.httpStatusCode) == 418, "got \(String(describing: perRequest))")
        clients.network.httpRequestBuilder.additionalHeaders["X-Mock-Fault"] = "status:429"
        let additional = await failure(of: request, through: clients.network)
        #expect(additional.flatMap(\.httpStatusCode) == 429, "got \(String(describing: additional))")
        // The journal, read in process, drew the fault each header asked for (newest first).
        let journal = try #require(MockServerContext.current).journal(path: "/home")
        #expect(journal.map(\.fault) == ["status:429", "status:418"])
    }
}
