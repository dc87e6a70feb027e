import HTTPTypes
import NIOCore
import Testing

@testable import BeagleMock

/// The response head as HTTP1Framing writes it: framing headers as NIO's encoder set them, each
/// field as sent, in order, in one piece of text.
@Suite struct ResponseHeadEncodingTests {
    static func text(_ response: HTTPResponse, http10: Bool = false) -> (BodyFraming, String) {
        let framing = BodyFraming(of: response, http10: http10)
        return (framing, String(buffer: ByteBufferAllocator().head(of: response, framing: framing)))
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

    @Test(arguments: [204, 304, 100])
    func aStatusWithoutBodyLosesItsFramingHeaders(code: Int) {
        let response = HTTPResponse(
            status: .init(code: code), headerFields: [.contentLength: "3", .eTag: "\"b\"", .transferEncoding: "chunked"])
        let (framing, text) = Self.text(response, http10: true)
        #expect(framing == .none)
        #expect(text == "HTTP/1.1 \(code) \(response.status.reasonPhrase)\r\nETag: \"b\"\r\n\r\n")
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
