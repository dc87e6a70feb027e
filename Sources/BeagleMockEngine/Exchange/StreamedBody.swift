import NIOCore

/// A response body sent while it arrives from a source the response does not know: the proxy's
/// upstream body (``UpstreamBody``). Read once.
package protocol StreamedBody: Sendable {
    /// Whether the bytes to send are known before they are sent (`Content-Length` can be sent).
    var hasKnownLength: Bool { get }
    /// The bytes to send, as far as they are known before they arrive.
    var knownCount: Int64 { get }
    /// The first `count` bytes only.
    func prefix(_ count: Int64) -> any StreamedBody
    /// Calls `send` with each piece in order; returns the bytes sent. Throws a
    /// ``BodySourceFailure`` when the source fails or ends early.
    func stream(_ send: (ByteBuffer) async throws -> Void) async throws -> Int64
}
