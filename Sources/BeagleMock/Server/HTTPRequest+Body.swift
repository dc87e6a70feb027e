import HTTPTypes

extension HTTPRequest {
    /// Whether the request announces a body: a length other than 0, or a transfer coding. A
    /// request with neither has none (RFC 9112 §6.3), so nothing waits for one.
    var announcesBody: Bool {
        if let length = headerFields[.contentLength] { return length != "0" }
        return headerFields[.transferEncoding] != nil
    }
}
