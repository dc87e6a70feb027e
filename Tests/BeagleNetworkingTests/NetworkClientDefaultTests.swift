import Foundation
import Testing

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// NetworkClientDefault without a server: what it does before and around URLSession. Requests
/// against the mock server are integration tests.
@Suite(.timeLimit(.minutes(1))) struct NetworkClientDefaultTests {
    @Test func aClosedPortIsCannotConnectAndIsLogged() async throws {
        // Port 1 on the loopback interface: nothing listens there, so the connection is refused
        // at once, before any request byte is sent.
        let url = try #require(URL(string: "http://127.0.0.1:1/home"))
        let logger = RecordingLogger()
        let client = NetworkClientDefault(timeout: .seconds(20), logger: logger)
        do {
            _ = try await client.executeRequest(Request(url: url, additionalData: nil))
            Issue.record("a request to a closed port succeeded")
        } catch {
            #expect(error.failure == .cannotConnect, "\(error)")
            #expect(error.error is NetworkFailure)
            #expect(error.request.value(forHTTPHeaderField: "beagle-platform") == "IOS")
        }
        let logs = await logger.logs.wait(for: 2)
        #expect(logs[0].hasPrefix("Network|info|***HTTP REQUEST***:"))
        #expect(logs[0].contains("Url= http://127.0.0.1:1/home"))
        #expect(logs[1].hasPrefix("Network|info|***HTTP RESPONSE***"))
    }

    @Test func aBodyThatIsNotJSONFailsWithoutSending() throws {
        let url = try #require(URL(string: "http://127.0.0.1:1/form"))
        let client = NetworkClientDefault()
        let outcome = Recorder<NetworkClientDefault.NetworkResult>()
        let token = client.executeRequest(
            Request(url: url, additionalData: HttpAdditionalData(method: .post, body: .double(.infinity)))
        ) { outcome.record($0) }
        #expect(token == nil)
        // Completed synchronously, before anything was sent.
        let result = try #require(outcome.values.first)
        guard case .invalidRequest? = result.failure?.failure else {
            Issue.record("expected invalidRequest, got \(result)")
            return
        }
    }

    @Test func settingsChangeThroughTheClient() {
        let client = NetworkClientDefault(timeout: .seconds(3))
        client.httpRequestBuilder.additionalHeaders["Authorization"] = "Bearer t"
        client.timeout = .milliseconds(1500)
        #expect(client.httpRequestBuilder.additionalHeaders == ["Authorization": "Bearer t"])
        #expect(client.timeout == .milliseconds(1500))
        #expect(client.session === NetworkClientDefault.sharedSession)
    }
}
