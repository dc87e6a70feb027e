import HTTPTypes
import NIOCore
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// The response head as HTTP1Framing writes it: framing headers as NIO's encoder set them, each
/// field as sent, in order, in one piece of text.
@Suite struct ResponseHeadEncodingTests {
    static func text(_ response: HTTPResponse, http10: Bool = false) -> (BodyFraming, String) {
        let framing = BodyFraming(of: response, code: response.status.code, http10: http10)
        return (framing, String(buffer: ByteBufferAllocator().head(of: response, status: response.status, framing: framing)))
    }

    @Test func aKnownLengthIsSentAsItIsWithoutTransferEncoding() {
        let response = HTTPResponse(
            status: .ok,
            headerFields: [.contentType: "application/json", .transferEncoding: "gzip", .contentLength: "12", .eTag: "\"a\""])
        let (framing, text) = Self.text(response)
        #expect(framing == .length)
        #expect(text == "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 12\r\nETag: \"a\"\r\n\r\n")
    }

    @Test func anUnknownLengthIsChunkedForHTTP11() {
        let response = HTTPResponse(status: .ok, headerFields: [.contentType: "text/plain", .transferEncoding: "chunked"])
        let (framing, text) = Self.text(response)
        #expect(framing == .chunked)
        #expect(text == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\ntransfer-encoding: chunked\r\n\r\n")
    }

    @Test func anUnknownLengthEndsWithTheConnectionForHTTP10() {
        let response = HTTPResponse(status: .ok, headerFields: [.connection: "keep-alive", .contentType: "text/plain"])
        let (framing, text) = Self.text(response, http10: true)
        #expect(framing == .close)
        #expect(text == "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n")
    }

    @Test(arguments: [(204, "No Content"), (304, "Not Modified"), (100, "Continue"), (101, "Switching Protocols")])
    func aStatusWithoutBodyLosesItsFramingHeaders(code: Int, phrase: String) {
        let response = HTTPResponse(
            status: .init(code: code), headerFields: [.contentLength: "3", .eTag: "\"b\"", .transferEncoding: "chunked"])
        let (framing, text) = Self.text(response, http10: true)
        #expect(framing == .none)
        #expect(text == "HTTP/1.1 \(code) \(phrase)\r\nETag: \"b\"\r\n\r\n")
    }

    /// The phrases NIO's encoder wrote for the codes it knows, where HTTPTypes has newer ones;
    /// a code NIO does not know keeps the response's own phrase.
    @Test func knownCodesGetNIOsReasonPhrases() {
        #expect(
            Self.text(HTTPResponse(status: .contentTooLarge, headerFields: [.contentLength: "0"])).1.hasPrefix(
                "HTTP/1.1 413 Payload Too Large\r\n"))
        #expect(
            Self.text(HTTPResponse(status: .init(code: 503), headerFields: [.contentLength: "0"])).1.hasPrefix(
                "HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(
            Self.text(HTTPResponse(status: .init(code: 599, reasonPhrase: "Odd"), headerFields: [.contentLength: "0"])).1
                .hasPrefix("HTTP/1.1 599 Odd\r\n"))
    }

    @Test func anHTTP10ClientGetsChunksWhenTheAnswerSaysTransferEncoding() {
        let response = HTTPResponse(status: .ok, headerFields: [.transferEncoding: "chunked"])
        let (framing, text) = Self.text(response, http10: true)
        #expect(framing == .chunked)
        #expect(text == "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n")
    }

    /// The head a fault sends as raw bytes: every field as set, framing or not, and the
    /// response's own phrase.
    @Test func aVerbatimHeadKeepsItsFieldsAndPhrase() {
        let response = HTTPResponse(
            status: .init(code: 413, reasonPhrase: "Content Too Large"),
            headerFields: [.contentLength: "5", .transferEncoding: "chunked", .connection: "keep-alive"])
        #expect(
            String(buffer: ByteBufferAllocator().verbatimHead(of: response))
                == "HTTP/1.1 413 Content Too Large\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n"
        )
    }

    @Test func chunksAreFramedInHex() {
        var buffer = ByteBuffer()
        buffer.writeChunkStart(size: 255)
        buffer.writeChunkedEnd(trailers: nil)
        buffer.writeChunkedEnd(trailers: [.init("x-digest")!: "abc"])
        #expect(String(buffer: buffer) == "ff\r\n0\r\n\r\n0\r\nx-digest: abc\r\n\r\n")
    }

    @Test func entityTagsAndHexDigitsHaveSixteenDigits() {
        let hash = ContentHash(of: Array("home".utf8))
        #expect(hash.hex.count == 16)
        let digits = String(hash.value, radix: 16)
        #expect(hash.hex == String(repeating: "0", count: 16 - digits.count) + digits)
        #expect(hash.entityTag == "\"\(hash.hex)\"")
    }
}
