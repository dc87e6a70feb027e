import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A successful HTTP response: its body and its metadata.
public struct NetworkResponse: Sendable {
    /// The response body (possibly empty).
    public let data: Data
    /// The response metadata; an `HTTPURLResponse` for HTTP requests.
    public let response: URLResponse

    /// Creates a response from a body and its metadata.
    public init(data: Data, response: URLResponse) {
        self.data = data
        self.response = response
    }
}
