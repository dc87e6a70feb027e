import BeagleMock
import BeagleNetworking
import Foundation
import MockTestSupport
import Testing

/// The examples of "Reproduce a fault in a test" in Docs/ClientLibrary.md, as written there
/// (keep the two in step), so the documentation is code that compiles and passes.
@Suite struct DocumentationExampleTests {
    static let files = [
        "screens/home.json": Fixtures.text("home"),
        "screens/plain.json": Fixtures.text("plain"),
    ]

    /// The documentation's `screensFolder` is a temporary one here.
    @Test func injectedStatusExample() async throws {
        try await LiveSlots.withSlot {
            let folder = try TemporaryScreens(Self.files)
            defer { folder.remove() }
            let screensFolder = folder.screens

            // --- as in the documentation ---
            let server = try await MockServer.start(MockServerConfiguration(screensDirectory: screensFolder, port: 0))
            let viewClient = ViewClient(
                networkClient: NetworkClientDefault(timeout: .seconds(10)),
                urlBuilder: UrlBuilder(baseUrl: URL(string: server.baseURL))
            )

            // An injected 503: .httpStatus, with the mock's JSON body.
            do throws(Request.Error) {
                _ = try await viewClient.fetch(url: "/home?__fault=status:503")
                Issue.record("expected a 503")
            } catch {
                guard case .httpStatus(503, let body)? = error.networkFailure else {
                    Issue.record("expected a 503, got \(error)")
                    return
                }
                #expect(String(decoding: body, as: UTF8.self).contains(#""injected":true"#))
            }

            // Two seconds of latency against a one-second deadline: .timeout, after about one second.
            do throws(Request.Error) {
                _ = try await viewClient.fetch(
                    url: "/home",
                    additionalData: HttpAdditionalData(headers: ["X-Mock-Latency": "2s"]),
                    deadline: .seconds(1)
                )
                Issue.record("expected a timeout")
            } catch {
                #expect(error.networkFailure == .timeout)
            }

            // A body that is not JSON any more: a decoding error, not a network one.
            do throws(Request.Error) {
                _ = try await viewClient.fetch(url: "/home?__fault=malformed-json")
                Issue.record("expected a decoding error")
            } catch {
                guard case .decoding = error else {
                    Issue.record("expected a decoding error, got \(error)")
                    return
                }
            }

            try await server.stop()
            // --- end ---
        }
    }

    /// The documentation's "Errors and deadlines" switch, over a real failure (the URL asks
    /// for latency here, so that the deadline passes).
    @Test func errorSwitchExample() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let viewClient = ViewClient(
                networkClient: NetworkClientDefault(timeout: .seconds(10)),
                urlBuilder: UrlBuilder(baseUrl: URL(string: server.baseURL))
            )
            var seen = ""
            // --- as in the documentation ---
            do throws(Request.Error) {
                _ = try await viewClient.fetch(url: "/home?__latency=2s", deadline: .seconds(1))
            } catch {  // error: Request.Error
                switch error.networkFailure {  // NetworkFailure?
                case .timeout?: seen = "timeout"
                case .connectionReset?, .emptyResponse?, .truncatedResponse?, .malformedResponse?: seen = "transport"
                case .httpStatus(let code, _)?: seen = "status \(code)"
                case .untrustedCertificate(let message)?: seen = "certificate: \(message)"
                case .cancelled?, .cannotConnect?, .unsupportedURL?, .invalidRequest?, .transport?, .bodyTooLarge?: seen = "other"
                case nil: seen = "not the network"
                }
            }
            // --- end ---
            #expect(seen == "timeout")
        }
    }
}
