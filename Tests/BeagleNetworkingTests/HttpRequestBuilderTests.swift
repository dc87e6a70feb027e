import Foundation
import Testing

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct HttpRequestBuilderTests {
    static let home = URL(string: "http://127.0.0.1:8080/home")

    @Test func withoutAdditionalDataItIsAGetWithTheTwoDefaultHeaders() throws {
        let url = try #require(Self.home)
        let built = HttpRequestBuilder().build(url: url, additionalData: nil)
        #expect(built.method == "GET")
        #expect(built.headers == ["Content-Type": "application/json", "beagle-platform": "IOS"])
        #expect(built.body == nil)

        let request = built.toUrlRequest()
        #expect(request.url == url)
        #expect(request.httpMethod == "GET")
        #expect(request.value(forHTTPHeaderField: "content-type") == "application/json")
        #expect(request.value(forHTTPHeaderField: "beagle-platform") == "IOS")
        #expect(request.timeoutInterval == 100)
        #expect(request.cachePolicy == .reloadIgnoringLocalAndRemoteCacheData)
    }

    @Test func methodAndHeadersComeFromTheAdditionalData() throws {
        let url = try #require(Self.home)
        // Beagle's snapshot: (method: .post, headers: ["header": "header"], body: nil) → 3 headers, POST, no body.
        let built = HttpRequestBuilder().build(
            url: url,
            additionalData: HttpAdditionalData(method: .post, headers: ["header": "header"], body: nil)
        )
        #expect(built.method == "POST")
        #expect(built.headers.count == 3)
        #expect(built.headers["header"] == "header")
        #expect(built.body == nil)
    }

    @Test func additionalHeadersWinOverRequestHeadersWhichWinOverDefaults() throws {
        let url = try #require(Self.home)
        let builder = HttpRequestBuilder(additionalHeaders: ["Authorization": "Bearer app", "X-Trace": "client"])
        let built = builder.build(
            url: url,
            additionalData: HttpAdditionalData(
                headers: ["beagle-platform": "ANDROID", "X-Trace": "request", "Authorization": "Bearer screen"]
            )
        )
        #expect(built.headers["Content-Type"] == "application/json")
        #expect(built.headers["beagle-platform"] == "ANDROID")
        #expect(built.headers["X-Trace"] == "client")
        #expect(built.headers["Authorization"] == "Bearer app")
    }

    @Test func keysDifferingInCaseAreBothSentAsBeagleDoes() throws {
        let url = try #require(Self.home)
        let request = HttpRequestBuilder()
            .build(url: url, additionalData: HttpAdditionalData(headers: ["content-type": "text/plain"]))
            .toUrlRequest()
        let value = try #require(request.value(forHTTPHeaderField: "Content-Type"))
        #expect(value.contains("application/json"))
        #expect(value.contains("text/plain"))
    }

    @Test func theBodyIsJSONForAnyMethodIncludingGet() throws {
        let url = try #require(Self.home)
        let body: DynamicObject = ["framework": "Beagle", "version": 2, "tags": ["sdui"]]
        for method in [HTTPMethod.get, .post, .put, .patch, .delete] {
            let built = HttpRequestBuilder().build(url: url, additionalData: HttpAdditionalData(method: method, body: body))
            #expect(built.method == method.rawValue)
            let data = try #require(built.body, "\(method) has no body")
            #expect(try JSONDecoder().decode(DynamicObject.self, from: data) == body)
            #expect(built.toUrlRequest().httpBody == data)
        }
    }

    @Test func anEncodableBodyBecomesJSON() throws {
        struct SignUp: Encodable {
            let email: String
            let age: Int
        }
        let data = HttpAdditionalData(method: .post, body: SignUp(email: "john@email.com", age: 30))
        #expect(data.body == ["email": "john@email.com", "age": 30])
    }

    @Test func aBodyThatIsNotJSONIsReportedNotDropped() throws {
        let url = try #require(Self.home)
        let built = HttpRequestBuilder().build(url: url, additionalData: HttpAdditionalData(method: .post, body: .double(.nan)))
        #expect(built.body == nil)
        #expect(built.bodyError != nil)
    }

    @Test func httpAdditionalDataDecodesFromScreenJSON() throws {
        let json = #"{"method":"PUT","headers":{"test":"test"},"body":{"framework":"Beagle"}}"#
        let data = try JSONDecoder().decode(HttpAdditionalData.self, from: Data(json.utf8))
        #expect(data == HttpAdditionalData(method: .put, headers: ["test": "test"], body: ["framework": "Beagle"]))
    }
}
