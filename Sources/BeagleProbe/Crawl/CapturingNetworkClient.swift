import BeagleNetworking
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A network client that passes every request to another one and keeps what came back in a
/// ``ResponseCapture`` before completing: the probe's view into the bytes behind a decoded
/// screen.
package struct CapturingNetworkClient: NetworkClientProtocol {
    /// The client that sends the requests.
    package let upstream: any NetworkClientProtocol
    /// Where responses are kept.
    package let capture: ResponseCapture

    /// Keeps what `upstream` returns in `capture`.
    package init(upstream: any NetworkClientProtocol, capture: ResponseCapture) {
        self.upstream = upstream
        self.capture = capture
    }

    /// Sends `request` through `upstream`; the response (or the error's status and body) is
    /// kept before `completion` runs.
    @discardableResult
    package func executeRequest(_ request: Request, completion: @escaping RequestCompletion) -> (any RequestToken)? {
        let capture = self.capture
        let url = request.url
        return upstream.executeRequest(request) { result in
            switch result {
            case .success(let response):
                let http = response.response as? HTTPURLResponse
                capture.keep(
                    CapturedResponse(status: http?.statusCode, body: response.data, headers: http.map(Self.fields(of:)) ?? .none),
                    for: url)
            case .failure(let error):
                if let http = error.response as? HTTPURLResponse {
                    capture.keep(
                        CapturedResponse(status: http.statusCode, body: error.data ?? Data(), headers: Self.fields(of: http)),
                        for: url)
                }
            }
            completion(result)
        }
    }

    /// The header fields of `response`.
    static func fields(of response: HTTPURLResponse) -> HeaderFields {
        HeaderFields(
            response.allHeaderFields.compactMap { name, value in
                guard let name = name as? String, let value = value as? String else { return nil }
                return (name: name, value: value)
            })
    }
}
