import BeagleMock
import BeagleMockTesting
import BeagleNetworking
import Foundation
import MockTestSupport
import Testing

/// The faults that never drop a connection (an injected status, a body that is not JSON, bytes
/// no decoder takes) and latency, met by BeagleNetworking in this process: URLSession gets a
/// whole, well-framed response each time, so #5285 cannot strike (see `NetworkProbe` for the
/// others). Each fault is tried on the first request and on the second request of one session,
/// the second over the first one's keep-alive connection (a `TCPTap` counts the connections).
/// A test has a server of its own over `Fixtures/screens` from the `.beagleMock` trait; the one
/// that needs a shorter shutdown starts its own.
@Suite struct InProcessFaultTests {
    /// Fetches `/plain` with a session of its own, through a tap, then runs `body` with the same
    /// clients; returns what `body` returned and how many TCP connections the session opened.
    static func secondRequest<T: Sendable>(
        port: Int, _ body: (ViewClient, NetworkClientDefault, UrlBuilder) async throws -> T
    ) async throws -> (T, connections: Int) {
        try await withTCPTap(forwardingTo: port) { tap in
            let clients = try Fixtures.clients(port: tap.port, session: Fixtures.makeSession())
            let warmUp = try await clients.view.fetch(url: "/plain")
            #expect(Fixtures.text(of: warmUp) == Fixtures.homeText)
            let result = try await body(clients.view, clients.network, clients.urlBuilder)
            return (result, tap.snapshot.connections.count)
        }
    }

    @Test(.beagleMock("Fixtures/screens"), arguments: [400, 404, 418, 429, 500, 503])
    func injectedStatusIsHTTPStatusWithItsBody(code: Int) async throws {
        let port = try Fixtures.traitPort()
        let clients = try Fixtures.clients(port: port)
        let request = Request(url: try Fixtures.url(port: port, "/home?__fault=status:\(code)"), additionalData: nil)
        let failure = try #require(await failure(of: request, through: clients.network))
        #expect(failure.httpStatusCode == code, "got \(failure)")
        let body = try #require(failure.httpStatusBody)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(json["injected"] as? Bool == true)
        #expect(json["error"] is String)

        // The same through the view client, with the header instead of the query.
        do throws(Request.Error) {
            _ = try await clients.view.fetch(
                url: "/home", additionalData: HttpAdditionalData(headers: ["X-Mock-Fault": "status:\(code)"]))
            Issue.record("expected an injected \(code)")
        } catch {
            #expect(error.networkFailure?.httpStatusCode == code, "got \(error)")
        }
    }

    @Test(.beagleMock("Fixtures/screens"))
    func injectedStatusOnTheSecondRequestOfASession() async throws {
        let (failure, connections) = try await Self.secondRequest(port: try Fixtures.traitPort()) { view, _, _ in
            do throws(Request.Error) {
                _ = try await view.fetch(url: "/home?__fault=status:503")
                return nil as NetworkFailure?
            } catch {
                return error.networkFailure
            }
        }
        #expect(failure?.httpStatusCode == 503, "got \(String(describing: failure))")
        #expect(connections == 1, "the second request reused the first one's connection")
    }

    @Test(.beagleMock("Fixtures/screens"), arguments: [false, true])
    func malformedJSONIsADecodingErrorAtTheViewClient(secondRequest: Bool) async throws {
        try await Self.expectDecodingError(
            url: "/home", headers: ["X-Mock-Fault": "malformed-json"], secondRequest: secondRequest)
    }

    @Test(.beagleMock("Fixtures/screens"), arguments: [false, true])
    func corruptScreenIsADecodingError(secondRequest: Bool) async throws {
        try await Self.expectDecodingError(url: "/home?__fault=corrupt", headers: [:], secondRequest: secondRequest)
    }

    /// Fetches `url` with `headers` through a view client, as the first request of a session or
    /// as the second on one kept-alive connection, and expects a decoding error.
    static func expectDecodingError(url: String, headers: [String: String], secondRequest: Bool) async throws {
        let port = try Fixtures.traitPort()
        let fetch: @Sendable (ViewClient) async -> Request.Error? = { view in
            do throws(Request.Error) {
                _ = try await view.fetch(url: url, additionalData: HttpAdditionalData(headers: headers))
                return nil
            } catch {
                return error
            }
        }
        let error: Request.Error?
        if secondRequest {
            let (result, connections) = try await Self.secondRequest(port: port) { view, _, _ in await fetch(view) }
            error = result
            #expect(connections == 1)
        } else {
            error = await fetch(try Fixtures.clients(port: port).view)
        }
        guard case .decoding? = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
    }

    /// The image downloader hands bytes over undecoded (as Beagle's does; `UIImage(data:)`
    /// decides): a corrupt image arrives whole, and is no PNG any more.
    @Test(.beagleMock("Fixtures/screens"), arguments: [false, true])
    func corruptImageArrivesAsBytesNoDecoderTakes(secondRequest: Bool) async throws {
        let port = try Fixtures.traitPort()
        let download: @Sendable (NetworkClientDefault, UrlBuilder) async throws -> (Data, Data) = { network, urlBuilder in
            let images = ImageDownloader(networkClient: network, urlBuilder: urlBuilder)
            let intact = try await images.fetchImage(url: "/images/pixel.png")
            let corrupt = try await images.fetchImage(
                url: "/images/pixel.png", additionalData: HttpAdditionalData(headers: ["X-Mock-Fault": "corrupt"]))
            return (intact, corrupt)
        }
        let intact: Data
        let corrupt: Data
        if secondRequest {
            ((intact, corrupt), _) = try await Self.secondRequest(port: port) { _, network, urlBuilder in
                try await download(network, urlBuilder)
            }
        } else {
            let clients = try Fixtures.clients(port: port)
            (intact, corrupt) = try await download(clients.network, clients.urlBuilder)
        }
        #expect(intact == Fixtures.pixel)
        #expect(corrupt.count >= Fixtures.pixel.count)
        #expect(corrupt.prefix(8) != Fixtures.pngSignature)
        #expect(corrupt.first == 0)
    }

    @Test(.beagleMock("Fixtures/screens"), arguments: ["header", "query"])
    func latencyIsFelt(form: String) async throws {
        let clients = try Fixtures.clients(port: try Fixtures.traitPort())
        let clock = ContinuousClock()
        let started = clock.now
        let screen =
            form == "header"
            ? try await clients.view.fetch(
                url: "/home", additionalData: HttpAdditionalData(headers: ["X-Mock-Latency": "300ms"]))
            : try await clients.view.fetch(url: "/home?__latency=300ms")
        let elapsed = clock.now - started
        #expect(Fixtures.text(of: screen) == "ios")
        #expect(elapsed >= .milliseconds(300), "took \(elapsed)")
        #expect(elapsed < .seconds(10), "took \(elapsed)")
    }

    @Test func latencyPastTheDeadlineIsATimeoutAtTheDeadline() async throws {
        try await withMockServer(files: Fixtures.files, configure: { $0.shutdownGracePeriod = .seconds(1) }) { server, _ in
            let clients = try Fixtures.clients(port: server.port)
            let clock = ContinuousClock()
            let started = clock.now
            do throws(Request.Error) {
                _ = try await clients.view.fetch(
                    url: "/home", additionalData: HttpAdditionalData(headers: ["X-Mock-Latency": "60s"]),
                    deadline: .milliseconds(500))
                Issue.record("expected a timeout")
            } catch {
                #expect(error.networkFailure == .timeout, "got \(error)")
            }
            let elapsed = clock.now - started
            // Well before the latency: the deadline ended it. URLSession's timer has fired over 4 s
            // late while the suite's tasks filled both cores.
            #expect(elapsed >= .milliseconds(450) && elapsed < .seconds(30), "took \(elapsed)")
        }
    }
}
