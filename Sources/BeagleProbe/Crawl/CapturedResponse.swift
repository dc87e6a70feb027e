import Foundation

/// What came back for one request, as the network client saw it: the status and the body bytes
/// exactly as received.
package struct CapturedResponse: Sendable {
    /// The HTTP status, when a response arrived.
    package let status: Int?
    /// The body as received (empty when none arrived).
    package let body: Data
    /// The `Content-Type` header, if any.
    package let contentType: String?
}
