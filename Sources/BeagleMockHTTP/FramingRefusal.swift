import HTTPTypes
import NIOCore
import NIOHTTP1

/// The answer to bytes that NIO's HTTP/1 decoder refuses (Docs/ScreensFolder.md, "Malformed
/// requests"): a status and a JSON error that says what was wrong, sent with `Connection: close`.
///
/// - 431 for a header section over the limits (80 KiB, 1,000 fields);
/// - 501 for a `Transfer-Encoding` other than `chunked` (`gzip`, `xchunked`), which the server
///   cannot decode (RFC 9112 §6.1): ``HTTP1Framing`` finds it in the head, which NIO's decoder
///   passes on, and refuses it before any body;
/// - 505 for a version other than HTTP/1.0 and 1.1;
/// - 400 for everything else: a malformed request line, header, length or chunk.
///
/// NIO passes on two of llhttp's errors as `.unknown`: an invalid transfer coding (`chunked` not
/// last), met in a head, and "CR expected", met in a chunked body's lines.
package struct FramingRefusal: Sendable, Equatable {
    /// The status of the answer.
    package let status: HTTPResponse.Status
    /// What was wrong, for the JSON error and the log.
    package let message: String

    /// The refusal of `error`, met in a request's head or, `inBody`, in its body.
    package init(_ error: HTTPParserError, inBody: Bool) {
        switch error {
        case .headerOverflow:
            status = .requestHeaderFieldsTooLarge
            message =
                "the request's header section is larger than this server reads (80 KiB, or 1,000 fields); send fewer or shorter headers"
        case .unknown where !inBody:
            status = .notImplemented
            message = "the request's Transfer-Encoding is not one this server decodes: send chunked alone, or Content-Length"
        case .unknown, .lfExpected:
            status = .badRequest
            message = "a chunk of the request body is framed wrongly: each chunk-size line and chunk ends with CRLF"
        case .invalidChunkSize:
            status = .badRequest
            message = "a chunk size of the request body is not a hexadecimal number, or is too large"
        case .unexpectedContentLength, .invalidContentLength:
            status = .badRequest
            message =
                inBody
                ? "the request's trailers hold a field that only the head may carry (Content-Length, Transfer-Encoding)"
                : "the request's Content-Length is not one whole number, or comes with Transfer-Encoding"
        case .invalidVersion:
            status = .httpVersionNotSupported
            message =
                "the request's HTTP version is not one this server speaks (send HTTP/1.1 or HTTP/1.0), or its line does not end with CRLF"
        case .invalidMethod:
            status = .badRequest
            message = "the request line does not start with a method this server reads (GET, POST, PUT…, in capitals)"
        case .invalidURL:
            status = .badRequest
            message = "the request target is not a valid path"
        case .invalidHeaderToken, .invalidCharactersUsed:
            status = .badRequest
            message = "a header field's name or value has a character HTTP does not allow there"
        default:
            status = .badRequest
            message = "the request is not valid HTTP/1.1 (\(error))"
        }
    }

    /// A refusal with `status` that says `message`.
    package init(status: HTTPResponse.Status, message: String) {
        self.status = status
        self.message = message
    }

    /// The request target the answer's JSON names, when the refused request has one.
    private(set) var target: String?
    /// The refused request asked with HEAD: its answer has no body.
    private(set) var omitsBody = false

    /// This refusal, answering a request for `target`, without a body when `omittingBody`.
    package func answering(_ target: String, omittingBody: Bool) -> FramingRefusal {
        var refusal = self
        refusal.target = target
        refusal.omitsBody = omittingBody
        return refusal
    }

    /// The whole answer: a head that says `Connection: close` and the JSON body.
    package var answer: ResponsePart {
        let json = ErrorBody(error: message, path: target).json
        let head = HTTPResponse(
            status: status,
            headerFields: [.contentType: ContentType.json, .contentLength: String(json.utf8.count), .connection: "close"])
        return .whole(head, body: omitsBody ? nil : ByteBuffer(string: json))
    }
}
