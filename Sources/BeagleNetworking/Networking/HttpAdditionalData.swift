import Foundation

/// The method, headers and JSON body of a request (Beagle iOS 2.x `HttpAdditionalData`).
///
/// Beagle's is a class with mutable properties; this one is a struct, so it is `Sendable` and a
/// copy handed to a request can't change under it. The properties stay `var`, and the
/// initialisers keep Beagle's shapes. In screen JSON it appears as `route.httpAdditionalData`,
/// with the keys `method`, `headers` and `body`.
public struct HttpAdditionalData: Codable, Hashable, Sendable {
    /// The HTTP method; nil means GET.
    public var method: HTTPMethod?
    /// Headers added to the client's defaults (see `HttpRequestBuilder` for the order).
    public var headers: [String: String]?
    /// The JSON body, sent for any method, GET included, as Beagle does.
    public var body: DynamicObject?

    /// Creates additional data from a JSON body.
    public init(method: HTTPMethod? = .get, headers: [String: String]? = [:], body: DynamicObject? = nil) {
        self.method = method
        self.headers = headers
        self.body = body
    }

    /// Creates additional data from any `Encodable` body, converted to JSON.
    ///
    /// A value that JSON cannot represent (a `Double.nan`, say) gives a nil body; use
    /// `DynamicObject(encoding:)` first if you need that error.
    public init<T: Encodable>(method: HTTPMethod? = .get, headers: [String: String]? = [:], body: T) {
        self.method = method
        self.headers = headers
        self.body = try? DynamicObject(encoding: body)
    }
}
