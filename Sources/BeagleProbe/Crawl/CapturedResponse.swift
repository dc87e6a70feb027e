import Foundation

/// What came back for one request, as the network client saw it: the status, the header fields
/// and the body bytes exactly as received.
package struct CapturedResponse: Sendable {
    /// The HTTP status, when a response arrived.
    package let status: Int?
    /// The body as received (empty when none arrived).
    package let body: Data
    /// The header fields.
    package let headers: HeaderFields

    /// The `Content-Type` header, if any.
    package var contentType: String? { headers["Content-Type"] }
}
