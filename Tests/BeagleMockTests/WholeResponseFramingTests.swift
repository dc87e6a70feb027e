import HTTPTypes
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// A response written whole (``ResponsePart/whole(_:body:)``) leaves as the same bytes as its
/// head, body and end written one by one, framed the same way; a small body shares its head's
/// buffer, a large one goes as a buffer of its own.
@Suite struct WholeResponseFramingTests {
    /// What `HTTP1Framing` writes for `parts`, answering a GET (or HEAD) of the given version, as
    /// the buffers written.
    static func written(
        _ parts: [ResponsePart], method: HTTPMethod = .GET, version: HTTPVersion = .http1_1
    ) throws -> [String] {
        let channel = EmbeddedChannel(handler: HTTP1Framing(logger: Logger(label: "test")))
        defer { _ = try? channel.finish() }
        var headers = HTTPHeaders()
        if version == .http1_1 { headers.add(name: "Host", value: "localhost") }
        try channel.writeInbound(
            HTTPServerRequestPart.head(HTTPRequestHead(version: version, method: method, uri: "/home", headers: headers)))
        try channel.writeInbound(HTTPServerRequestPart.end(nil))
        for part in parts { try channel.writeOutbound(part) }
        var buffers: [String] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
            if buffer.readableBytes > 0 { buffers.append(String(buffer: buffer)) }
        }
        return buffers
    }

    static func response(_ fields: HTTPFields) -> HTTPResponse { HTTPResponse(status: .ok, headerFields: fields) }

    /// The same bytes whole as in parts, for `head` and `body` answering `method` over `version`.
    static func expectSameAsParts(
        _ head: HTTPResponse, _ body: ByteBuffer?, method: HTTPMethod = .GET, version: HTTPVersion = .http1_1
    ) throws {
        let whole = try written([.whole(head, body: body)], method: method, version: version)
        // An answer to HEAD in parts has no body part: writing one fails (as NIO's encoder did).
        let sentBody = method == .HEAD ? nil : body
        let parts = try written(
            [.head(head)] + (sentBody.map { [.body($0)] } ?? []) + [.end(nil)], method: method, version: version)
        #expect(whole.joined() == parts.joined())
    }

    /// A fault's raw bytes pass as they are, framed by nothing, and leave the answer's framing to the
    /// response that follows them.
    @Test func rawBytesPassAsTheyAre() throws {
        let garbage = "lskdu018973t09sylgasjkfg1][]'./.sdlv\r\n"
        #expect(try Self.written([.raw(ByteBuffer(string: garbage))]) == [garbage])
        let head = Self.response([.contentLength: "2"])
        #expect(
            try Self.written([.raw(ByteBuffer(string: "x")), .whole(head, body: ByteBuffer(string: "ok"))]).joined()
                == "x" + (try Self.written([.whole(head, body: ByteBuffer(string: "ok"))]).joined()))
    }

    /// Every framing gives the same bytes for a response written whole as in parts.
    @Test func aWholeResponseIsFramedAsItsParts() throws {
        let json = ByteBuffer(string: "{\"a\":1}")
        let large = ByteBuffer(repeating: UInt8(ascii: "x"), count: HTTP1Framing.coalescedBodyLimit * 2)
        try Self.expectSameAsParts(Self.response([.contentLength: "7"]), json)
        try Self.expectSameAsParts(Self.response([.contentLength: "7"]), json, method: .HEAD)
        try Self.expectSameAsParts(Self.response([.contentType: "text/plain"]), json)
        try Self.expectSameAsParts(Self.response([.contentType: "text/plain"]), large)
        try Self.expectSameAsParts(Self.response([.contentType: "text/plain"]), ByteBuffer())
        try Self.expectSameAsParts(Self.response([.contentType: "text/plain"]), nil)
        try Self.expectSameAsParts(Self.response([:]), json, version: .http1_0)
        try Self.expectSameAsParts(HTTPResponse(status: .noContent, headerFields: [.contentLength: "0"]), nil)
        try Self.expectSameAsParts(HTTPResponse(status: .notModified, headerFields: [.eTag: "\"a\""]), nil)
        try Self.expectSameAsParts(HTTPResponse(status: .badRequest, headerFields: [.contentLength: "7"]), nil, method: .CONNECT)
    }

    /// The write's promise completes once the response's last bytes are written, whichever way
    /// it leaves.
    @Test(arguments: [0, 7, HTTP1Framing.coalescedBodyLimit, HTTP1Framing.coalescedBodyLimit + 1])
    func theWritesPromiseCompletes(bodySize: Int) throws {
        for fields: HTTPFields in [[.contentLength: String(bodySize)], [.contentType: "text/plain"]] {
            let channel = EmbeddedChannel(handler: HTTP1Framing(logger: Logger(label: "test")))
            defer { _ = try? channel.finish() }
            try channel.writeInbound(
                HTTPServerRequestPart.head(
                    HTTPRequestHead(version: .http1_1, method: .GET, uri: "/", headers: ["Host": "localhost"])))
            let written = channel.eventLoop.makePromise(of: Void.self)
            let body = ByteBuffer(repeating: UInt8(ascii: "x"), count: bodySize)
            channel.writeAndFlush(ResponsePart.whole(Self.response(fields), body: body), promise: written)
            try written.futureResult.wait()
            var bytes = 0
            while let buffer = try channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytes }
            #expect(bytes > bodySize)
        }
    }

    @Test func aBodyAtTheLimitStillSharesItsHeadsBuffer() throws {
        let text = String(repeating: "x", count: HTTP1Framing.coalescedBodyLimit)
        let whole = try Self.written([
            .whole(Self.response([.contentLength: String(text.utf8.count)]), body: ByteBuffer(string: text))
        ])
        #expect(whole == ["HTTP/1.1 200 OK\r\nContent-Length: \(text.utf8.count)\r\n\r\n\(text)"])
    }

    /// An HTTP/1.0 answer of unknown length ends with the connection's close.
    @Test func aCloseDelimitedWholeResponseClosesTheConnection() throws {
        let channel = EmbeddedChannel(handler: HTTP1Framing(logger: Logger(label: "test")))
        defer { _ = try? channel.finish() }
        try channel.writeInbound(HTTPServerRequestPart.head(HTTPRequestHead(version: .http1_0, method: .GET, uri: "/")))
        try channel.writeOutbound(ResponsePart.whole(Self.response([:]), body: ByteBuffer(string: "hello")))
        channel.embeddedEventLoop.run()
        #expect(!channel.isActive)
    }

    @Test func aSmallBodyLeavesInItsHeadsBuffer() throws {
        let body = ByteBuffer(string: "{\"a\":1}")
        let head = Self.response([.contentType: "application/json", .contentLength: "7"])
        let whole = try Self.written([.whole(head, body: body)])
        #expect(whole == ["HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"a\":1}"])
        let parts = try Self.written([.head(head), .body(body), .end(nil)])
        #expect(parts.joined() == whole.joined())
    }

    @Test func aLargeBodyGoesAsABufferOfItsOwn() throws {
        let text = String(repeating: "x", count: HTTP1Framing.coalescedBodyLimit + 1)
        let head = Self.response([.contentLength: String(text.utf8.count)])
        let whole = try Self.written([.whole(head, body: ByteBuffer(string: text))])
        #expect(whole == ["HTTP/1.1 200 OK\r\nContent-Length: \(text.utf8.count)\r\n\r\n", text])
    }

    @Test func aBodyOfUnknownLengthIsChunkedForHTTP11() throws {
        let whole = try Self.written([.whole(Self.response([.contentType: "text/plain"]), body: ByteBuffer(string: "hello"))])
        #expect(
            whole.joined()
                == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
    }

    @Test func aBodyOfUnknownLengthEndsWithTheConnectionForHTTP10() throws {
        let whole = try Self.written(
            [.whole(Self.response([.contentType: "text/plain"]), body: ByteBuffer(string: "hello"))], version: .http1_0)
        #expect(whole == ["HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nhello"])
    }

    @Test func anAnswerToHEADLeavesItsBodyOut() throws {
        let head = Self.response([.contentLength: "5"])
        let whole = try Self.written([.whole(head, body: ByteBuffer(string: "hello"))], method: .HEAD)
        #expect(whole == ["HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"])
    }

    /// The head is written into room guessed from its number of fields; one that outgrows the
    /// guess is measured and written whole.
    @Test func aHeadLargerThanTheGuessIsWrittenWhole() throws {
        let long = String(repeating: "v", count: 3000)
        let head = Self.response([.contentLength: "2", HTTPField.Name("x-long")!: long])
        let whole = try Self.written([.whole(head, body: ByteBuffer(string: "ok"))])
        #expect(whole == ["HTTP/1.1 200 OK\r\nContent-Length: 2\r\nx-long: \(long)\r\n\r\nok"])
    }
}
