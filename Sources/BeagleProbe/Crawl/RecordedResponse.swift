import Foundation

/// What came back for one request, as the network client saw it: the status and the body bytes
/// exactly as received.
public struct RecordedResponse: Sendable {
    /// The HTTP status, when a response arrived.
    public let status: Int?
    /// The body as received (empty when none arrived).
    public let body: Data
    /// The `Content-Type` header, if any.
    public let contentType: String?
}
