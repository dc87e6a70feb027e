import HTTPTypes

/// How the end of a response's body is marked on the wire (RFC 9112 §6.3).
package enum BodyFraming {
    /// No body follows the head, nor any framing header: 1xx, 204 and 304 answers, and answers
    /// to CONNECT. (An answer to HEAD keeps the framing a GET would get; its body is left out.)
    case none
    /// `Content-Length` says where the body ends.
    case length
    /// The body is sent in chunks (HTTP/1.1 answers of unknown length).
    case chunked
    /// Closing the connection ends the body (HTTP/1.0 answers of unknown length).
    case close

    /// The framing of `response` to a request of the given kind, as NIO's encoder frames it:
    /// statuses without a body lose `Content-Length` and `Transfer-Encoding`; an answer of unknown
    /// length is chunked for HTTP/1.1 clients (and for HTTP/1.0 ones when it sets
    /// `Transfer-Encoding`) and otherwise ends with the connection for HTTP/1.0 ones.
    /// `code` is `response`'s status code, which HTTPTypes parses on every read.
    package init(of response: HTTPResponse, code: Int, http10: Bool) {
        if (100..<200).contains(code) || code == 204 || code == 304 {
            self = .none
        } else if response.headerFields.has(.contentLength) {
            self = .length
        } else if http10, !response.headerFields.has(.transferEncoding) {
            self = .close
        } else {
            // What NIO's encoder did, for HTTP/1.0 clients too when a `Transfer-Encoding` was set.
            self = .chunked
        }
    }
}
