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
            #expect(error.urlError?.code == .cannotConnectToHost, "\(error.error)")
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

/// What Beagle iOS 2.x's `NetworkClientDefault` and `HttpRequestBuilder` do that a Beagle app
/// relies on: the `URLError` kept, a builder shared by reference, Beagle's timeouts and cookies.
@Suite struct NetworkClientDefaultBeagleShapeTests {
    static let request = URLRequest(url: URL(fileURLWithPath: "/home"))

    @Test(arguments: [URLError.Code.notConnectedToInternet, .timedOut, .networkConnectionLost, .cannotFindHost])
    func aTransportFailureKeepsItsURLError(code: URLError.Code) {
        // On Linux URLSession reports an NSError in NSURLErrorDomain; it arrives as the URLError.
        let reported = NSError(domain: NSURLErrorDomain, code: code.rawValue)
        let result = NetworkClientDefault.result(request: Self.request, data: nil, response: nil, error: reported)
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect((error.error as? URLError)?.code == code)
        #expect(error.urlError?.code == code)
    }

    @Test func anOfflineDeviceIsRecognisable() {
        let result = NetworkClientDefault.result(
            request: Self.request, data: nil, response: nil, error: URLError(.notConnectedToInternet))
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect((error.error as? URLError)?.code == .notConnectedToInternet)
        #expect(error.failure == .cannotConnect)
    }

    @Test func theBuilderIsSharedByReferenceAsInBeagle() throws {
        let client = NetworkClientDefault()
        let builder = client.httpRequestBuilder
        builder.additionalHeaders["Authorization"] = "Bearer t"
        #expect(client.httpRequestBuilder.additionalHeaders == ["Authorization": "Bearer t"])
        let url = try #require(URL(string: "http://127.0.0.1/home"))
        let request = client.httpRequestBuilder.build(url: url, additionalData: nil).toUrlRequest()
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t")
    }

    @Test func timeoutsAreBeaglesUnlessADeadlineIsAsked() {
        let beagle = NetworkClientDefault()
        #expect(beagle.timeoutInterval == 100)
        #expect(beagle.deadline == nil)
        let bounded = NetworkClientDefault(timeout: .seconds(5))
        #expect(bounded.timeoutInterval == 5)
        #expect(bounded.deadline == .seconds(5))
        bounded.deadline = nil
        #expect(bounded.timeout == .seconds(5))
    }

    @Test func theSharedSessionKeepsCookiesAsURLSessionSharedDoes() {
        let configuration = NetworkClientDefault.sharedSession.configuration
        #expect(configuration.httpShouldSetCookies)
        #expect(configuration.httpCookieStorage === HTTPCookieStorage.shared)
        #expect(configuration.timeoutIntervalForRequest == 100)
    }
}
