import HTTPTypes

extension HTTPRequest {
    /// Whether the request announces a body: a length other than 0, or a transfer coding. A
    /// request with neither has none (RFC 9112 §6.3), so nothing waits for one.
    @inlinable
    package var announcesBody: Bool {
        // One pass over the fields, where two subscripts made two and joined what they found.
        var lengths = 0
        var length = ""
        var coded = false
        for field in headerFields {
            if field.name.isNamed(.contentLength) {
                lengths += 1
                length = field.value
            } else if field.name.isNamed(.transferEncoding) {
                coded = true
            }
        }
        // Two lengths join as `a, b`, which is never `0`.
        if lengths > 0 { return lengths > 1 || length != "0" }
        return coded
    }
}
