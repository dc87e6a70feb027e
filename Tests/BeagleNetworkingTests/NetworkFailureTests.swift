import Foundation
import Testing

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct NetworkFailureTests {
    static let url = URL(string: "http://127.0.0.1:8080/home")

    static func urlError(_ code: URLError.Code, _ message: String = "") -> URLError {
        message.isEmpty ? URLError(code) : URLError(code, userInfo: [NSLocalizedDescriptionKey: message])
    }

    static func map(_ error: any Error, _ convention: NetworkFailure.URLErrorConvention, url: URL? = url) -> NetworkFailure {
        NetworkFailure(error, requestURL: url, response: nil, data: nil, convention: convention)
    }

    @Test func linuxCodesMapToWhatHappened() {
        let linux = NetworkFailure.URLErrorConvention.foundationNetworking
        #expect(Self.map(Self.urlError(.cancelled), linux) == .cancelled)
        #expect(Self.map(Self.urlError(.timedOut), linux) == .timeout)
        #expect(Self.map(Self.urlError(.networkConnectionLost), linux) == .connectionReset)
        #expect(Self.map(Self.urlError(.badServerResponse), linux) == .emptyResponse)
        #expect(Self.map(Self.urlError(.unsupportedURL), linux) == .malformedResponse)
        #expect(Self.map(Self.urlError(.unsupportedURL), linux, url: URL(string: "ftp://host/a")) == .unsupportedURL)
        #expect(Self.map(Self.urlError(.unknown, "transfer closed with 88 bytes remaining to read"), linux) == .truncatedResponse)
        #expect(Self.map(Self.urlError(.unknown, "Malformed encoding found in chunked-encoding"), linux) == .malformedResponse)
        #expect(Self.map(Self.urlError(.unknown, "something else"), linux) == .transport(code: -1, message: "something else"))
        let curl = "SSL certificate problem: unable to get local issuer certificate"
        #expect(Self.map(Self.urlError(.unknown, curl), linux) == .untrustedCertificate(message: curl))
        #expect(Self.map(Self.urlError(.cannotConnectToHost), linux) == .cannotConnect)
        #expect(Self.map(Self.urlError(.cannotFindHost), linux) == .cannotConnect)
        #expect(Self.map(Self.urlError(.cannotParseResponse), linux) == .malformedResponse)
    }

    @Test func darwinCodesMapToWhatHappened() {
        let darwin = NetworkFailure.URLErrorConvention.darwin
        #expect(Self.map(Self.urlError(.cancelled), darwin) == .cancelled)
        #expect(Self.map(Self.urlError(.timedOut), darwin) == .timeout)
        #expect(Self.map(Self.urlError(.networkConnectionLost), darwin) == .connectionReset)
        #expect(Self.map(Self.urlError(.badServerResponse), darwin) == .malformedResponse)
        #expect(Self.map(Self.urlError(.cannotParseResponse), darwin) == .malformedResponse)
        #expect(Self.map(Self.urlError(.unsupportedURL), darwin) == .unsupportedURL)
        #expect(Self.map(Self.urlError(.unknown, "transfer closed"), darwin) == .transport(code: -1, message: "transfer closed"))
        for code in [
            URLError.serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
            .serverCertificateNotYetValid,
        ] {
            #expect(Self.map(Self.urlError(code, "untrusted"), darwin) == .untrustedCertificate(message: "untrusted"))
        }
        #expect(Self.map(Self.urlError(.notConnectedToInternet), darwin) == .cannotConnect)
    }

    @Test func anNSErrorInTheURLDomainMapsLikeAURLError() {
        // On Linux FoundationNetworking hands out NSErrors that do not cast to URLError.
        let error = NSError(domain: NSURLErrorDomain, code: URLError.networkConnectionLost.rawValue)
        #expect(NetworkFailure(error) == .connectionReset)
    }

    @Test func otherErrorsMapByWhatCameWithThem() throws {
        let url = try #require(Self.url)
        #expect(NetworkFailure(CancellationError()) == .cancelled)
        #expect(NetworkFailure(NetworkFailure.emptyResponse) == .emptyResponse)

        // Beagle's own client fails a non-2xx response with `ClientError.invalidHttpResponse`.
        struct InvalidHttpResponse: Error {}
        let response = HTTPURLResponse(url: url, statusCode: 503, httpVersion: "HTTP/1.1", headerFields: nil)
        let body = Data(#"{"error":"unavailable","injected":true}"#.utf8)
        #expect(NetworkFailure(InvalidHttpResponse(), response: response, data: body) == .httpStatus(code: 503, body: body))

        let other = NSError(domain: "Elsewhere", code: 7, userInfo: [NSLocalizedDescriptionKey: "boom"])
        #expect(NetworkFailure(other) == .transport(code: 7, message: "boom"))
    }

    @Test func networkErrorNamesItsFailureWhateverItHolds() throws {
        let request = URLRequest(url: try #require(Self.url))
        #expect(NetworkError(error: NetworkFailure.timeout, request: request).failure == .timeout)
        #expect(NetworkError(error: URLError(.timedOut), request: request).failure == .timeout)
        let error = Request.Error.networkError(NetworkError(error: NetworkFailure.connectionReset, request: request))
        #expect(error.networkFailure == .connectionReset)
        #expect(Request.Error.urlBuilderError.networkFailure == nil)
        #expect(
            NetworkError(error: NetworkFailure.timeout, request: request).description.contains("GET http://127.0.0.1:8080/home"))
    }

    @Test func responsesAreClassifiedAsBeagleDoes() throws {
        let url = try #require(Self.url)
        let request = URLRequest(url: url)
        func http(_ status: Int) -> HTTPURLResponse? {
            HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)
        }

        let ok = NetworkClientDefault.result(request: request, data: Data("{}".utf8), response: http(200), error: nil)
        #expect((try? ok.get())?.data == Data("{}".utf8))

        // An empty body is a success.
        let empty = NetworkClientDefault.result(request: request, data: nil, response: http(204), error: nil)
        #expect((try? empty.get())?.data == Data())

        let unavailable = NetworkClientDefault.result(request: request, data: Data("down".utf8), response: http(503), error: nil)
        #expect(unavailable.failure?.failure == .httpStatus(code: 503, body: Data("down".utf8)))
        #expect(unavailable.failure?.data == Data("down".utf8))
        #expect((unavailable.failure?.response as? HTTPURLResponse)?.statusCode == 503)

        // Beagle 2.x's client fails a 304 too: it sends no cache headers and expects none.
        let notModified = NetworkClientDefault.result(request: request, data: nil, response: http(304), error: nil)
        #expect(notModified.failure?.failure == .httpStatus(code: 304, body: Data()))

        let notHTTP = NetworkClientDefault.result(
            request: request,
            data: Data(),
            response: URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil),
            error: nil
        )
        #expect(notHTTP.failure?.failure == .malformedResponse)

        let reset = NetworkClientDefault.result(
            request: request, data: nil, response: nil, error: URLError(.networkConnectionLost))
        #expect(reset.failure?.failure == .connectionReset)
        // As in Beagle, the transport failure is kept as URLSession reported it.
        #expect((reset.failure?.error as? URLError)?.code == .networkConnectionLost)
    }
}

extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
