import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns a URL and `HttpAdditionalData` into a `URLRequest`, with Beagle's default headers
/// (the `HttpRequestBuilder` of Beagle iOS 2.x's demo and documentation).
///
/// A class, as Beagle's is: `client.httpRequestBuilder.additionalHeaders[…] = …` changes the
/// headers of every later request, and so does a change through another reference to the same
/// builder. The headers are guarded by a lock, so the builder is `Sendable`.
public final class HttpRequestBuilder: Sendable {
    private let storedHeaders: LockedValue<[String: String]>

    /// Headers sent on every request; they win over the defaults and the per-request headers.
    public var additionalHeaders: [String: String] {
        get { storedHeaders.current }
        set { storedHeaders.withLock { $0 = newValue } }
    }

    /// The headers every request starts with: JSON, from an iOS client.
    public static let defaultHeaders: [String: String] = [
        "Content-Type": "application/json",
        "beagle-platform": "IOS",
    ]

    /// Creates a builder.
    public init(additionalHeaders: [String: String] = [:]) {
        storedHeaders = LockedValue(additionalHeaders)
    }

    /// Builds the parts of a request.
    ///
    /// Headers are the defaults, replaced by `additionalData.headers`, replaced by
    /// `additionalHeaders`, key by key with exact (case-sensitive) keys, as Beagle does. The
    /// method is `additionalData.method`, else GET. The body is `additionalData.body` as JSON,
    /// for any method.
    public func build(url: URL, additionalData: HttpAdditionalData?) -> Result {
        var headers = Self.defaultHeaders
        for (name, value) in additionalData?.headers ?? [:] {
            headers[name] = value
        }
        for (name, value) in storedHeaders.current {
            headers[name] = value
        }
        var body: Data?
        var bodyError: String?
        if let payload = additionalData?.body {
            do {
                body = try JSONEncoder().encode(payload)
            } catch {
                bodyError = "the body is not valid JSON: \(error)"
            }
        }
        return Result(
            url: url,
            method: additionalData?.method?.rawValue ?? HTTPMethod.get.rawValue,
            headers: headers,
            body: body,
            bodyError: bodyError
        )
    }

    /// The parts of a request, before they become a `URLRequest`.
    public struct Result: Sendable {
        /// The URL.
        public var url: URL
        /// The HTTP method, upper case.
        public var method: String
        /// The headers, after the override order is applied.
        public var headers: [String: String]
        /// The JSON body, if any.
        public var body: Data?
        /// Why the body could not be encoded, if it could not; the request should not be sent.
        public var bodyError: String?

        /// Creates the parts of a request.
        public init(url: URL, method: String, headers: [String: String], body: Data?, bodyError: String? = nil) {
            self.url = url
            self.method = method
            self.headers = headers
            self.body = body
            self.bodyError = bodyError
        }

        /// The `URLRequest`, ignoring local caches, with a `timeoutInterval` (Beagle uses 100 s).
        ///
        /// Headers go through `addValue`, as Beagle does, so two keys that differ only in case
        /// are both sent, comma-joined into one header.
        public func toUrlRequest(timeoutInterval: TimeInterval = 100) -> URLRequest {
            var request = URLRequest(
                url: url,
                cachePolicy: .reloadIgnoringLocalAndRemoteCacheData,
                timeoutInterval: timeoutInterval
            )
            request.httpMethod = method
            request.httpBody = body
            // Sorted so that comma-joined values come out in the same order every time.
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                request.addValue(value, forHTTPHeaderField: name)
            }
            return request
        }
    }
}
