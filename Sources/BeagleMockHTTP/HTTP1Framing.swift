import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Between NIO's HTTP/1 request decoder and the handlers that speak HTTPTypes: turns request heads
/// into `HTTPRequest`s and writes responses as HTTP/1 bytes, framed as RFC 9112 says.
///
/// It refuses, with 400 and a closed connection, request heads whose framing RFC 9112 forbids
/// (Docs/ScreensFolder.md): an HTTP/1.1 request without exactly one `Host` (§3.2), a `Host` that
/// is not `host` or `host:port` (``HostField``), and an HTTP/1.0 request with
/// `Transfer-Encoding`, which a server must not trust (§6.1). It frames a
/// response of unknown length (a proxied chunked body, Docs/Proxy.md) to an HTTP/1.0 request the
/// only way such a client reads it: no chunked coding, the end of the body marked by closing the
/// connection (§6.3). An HTTP/1.0 request without `Connection: keep-alive` asks for one answer
/// only (§9.3): its answer says `Connection: close`, as HTTP/1.0 clients (ApacheBench,
/// `openssl s_time`) wait for. An answer to HEAD keeps the framing headers a GET would get, and no
/// body. The closes themselves are the ``ConnectionStateMachine``'s: this tells
/// ``HTTPConnectionHandler`` of each HTTP/1.0 request and of each refusal (``FramingEvent``).
///
/// It sits right after the decoder because that is the last place the version and every `Host`
/// are visible: an `HTTPRequest` has no version and keeps only the first `Host` (as its
/// authority). Writing the response bytes itself, rather than through NIO's encoder and a
/// conversion to NIO's header type, saves a copy of every header field of every response.
///
/// It logs what NIO's decoder refuses (bytes that are not HTTP, header floods, oversized headers,
/// broken chunk framing), which would otherwise leave no trace in the log: between requests,
/// ``HTTPConnectionHandler`` answers it 400 after the requests before it; inside a body, the body's
/// reader gets the error.
///
/// A refused request never reaches the responder. Its answer waits for the responses still owed
/// to requests pipelined before it, so that answers stay in order (the machine sees to it);
/// everything after it is dropped.
package final class HTTP1Framing: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPServerRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundIn = ResponsePart
    package typealias OutboundOut = ByteBuffer

    /// A whole response's body of up to this many bytes, sent as it is (not in chunks), leaves in
    /// its head's buffer: copying a few kilobytes costs less than a second write; a larger body
    /// goes as a buffer of its own.
    package static let coalescedBodyLimit = 4 * 1024

    private let logger: Logger
    /// A request was refused: the rest of the connection is ignored.
    private var refused = false
    /// What the answers to the requests passed on need to know of them, oldest first. Room for
    /// one: requests are seldom pipelined, and every connection holds one of these.
    private var asked = CircularBuffer<Asked>(initialCapacity: 1)
    /// How the body of the response being written is framed.
    private var framing = BodyFraming.length
    /// The response being written answers HEAD: its body is not sent.
    private var omitsBody = false

    /// What the answer to a request needs to know of it.
    private struct Asked {
        let http10: Bool
        /// HEAD or CONNECT: the answer has no body (RFC 9110 §9.3.2 and §9.3.6).
        let bodiless: Bool
        /// CONNECT: the answer has no framing headers either, as NIO's encoder sent it.
        let connect: Bool
        /// HTTP/1.0 without `Connection: keep-alive`: the connection ends with the answer.
        let lastOnConnection: Bool
    }

    /// A framing that logs refusals to `logger`.
    package init(logger: Logger) {
        self.logger = logger
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if head.version.major == 0 {
                // HTTP/0.9 (``OpeningRefusal``): such a client reads no status line.
                refused = true
                logger.notice("closed a connection whose request \(head.uri) has no HTTP version (HTTP/0.9)")
                return context.fireUserInboundEventTriggered(FramingEvent.unanswerable)
            }
            if let problem = Self.problem(head) { return refuse(head, problem, context) }
            let request: HTTPRequest
            do {
                request = try HTTPRequest(http1: head)
            } catch {
                return context.fireErrorCaught(error)
            }
            if head.version == .http1_0 {
                context.fireUserInboundEventTriggered(FramingEvent.http10Request(keepsAlive: head.isKeepAlive))
            }
            asked.append(
                Asked(
                    http10: head.version == .http1_0, bodiless: head.method == .HEAD || head.method == .CONNECT,
                    connect: head.method == .CONNECT, lastOnConnection: head.version == .http1_0 && !head.isKeepAlive))
            context.fireChannelRead(wrapInboundOut(.head(request)))
        case .body(let buffer):
            context.fireChannelRead(wrapInboundOut(.body(buffer)))
        case .end(let trailers):
            context.fireChannelRead(wrapInboundOut(.end(trailers.map { HTTPFields($0, splitCookie: false) })))
        }
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let parserError = error as? HTTPParserError {
            let peer = PeerName.of(context)
            logger.notice("refused a malformed request from \(peer): \(parserError)")
        }
        context.fireErrorCaught(error)
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .whole(var response, let body):
            let status = begin(&response)
            let sent = omitsBody ? nil : body
            let allocator = context.channel.allocator
            if framing == .chunked {
                context.write(wrapOutboundOut(allocator.head(of: response, status: status, framing: framing)), promise: nil)
                if let sent { writeBody(context, sent, promise: nil) }
                end(context, trailers: nil, promise: promise)
            } else if let sent, sent.readableBytes > Self.coalescedBodyLimit {
                context.write(wrapOutboundOut(allocator.head(of: response, status: status, framing: framing)), promise: nil)
                // Sent as it is, the body is the last of the response: the promise goes with it.
                end(context, sent, promise: promise)
            } else {
                end(context, allocator.head(of: response, status: status, framing: framing, body: sent), promise: promise)
            }
        case .head(var response):
            let status = begin(&response)
            let head = context.channel.allocator.head(of: response, status: status, framing: framing)
            context.write(wrapOutboundOut(head), promise: promise)
        case .body(let body):
            guard !omitsBody else {
                promise?.fail(NIOHTTPResponseEncoderError.responseBodyNotAllowed)
                return
            }
            writeBody(context, body, promise: promise)
        case .end(let trailers):
            end(context, trailers: trailers, promise: promise)
        case .raw(let bytes):
            context.write(wrapOutboundOut(bytes), promise: promise)
        case .barrier:
            context.write(wrapOutboundOut(ByteBuffer()), promise: promise)
        }
    }

    /// Takes up the answer that `response` begins: how its body is framed, whether it is sent,
    /// whether the connection ends after it (then `response` says `Connection: close`). Returns
    /// its status, read once.
    private func begin(_ response: inout HTTPResponse) -> HTTPResponse.Status {
        // An informational head (100 Continue) comes before the answer it belongs to; a 101
        // is the answer.
        let status = response.status
        let code = status.code
        let request = (100..<200).contains(code) && code != 101 ? nil : asked.popFirst()
        framing = request?.connect == true ? .none : BodyFraming(of: response, code: code, http10: request?.http10 ?? false)
        omitsBody = request?.bodiless ?? false
        if request?.lastOnConnection == true, framing != .close, response.headerFields[.connection] == nil {
            response.headerFields[.connection] = "close"
        }
        return status
    }

    /// Writes a piece of body as the response's framing frames it.
    private func writeBody(_ context: ChannelHandlerContext, _ body: ByteBuffer, promise: EventLoopPromise<Void>?) {
        guard framing == .chunked else { return context.write(wrapOutboundOut(body), promise: promise) }
        // Empty chunks are not framed: one would end the body.
        guard body.readableBytes > 0 else { return context.write(wrapOutboundOut(body), promise: promise) }
        var start = context.channel.allocator.buffer(capacity: 16)
        start.writeChunkStart(size: body.readableBytes)
        context.write(wrapOutboundOut(start), promise: nil)
        context.write(wrapOutboundOut(body), promise: nil)
        context.write(wrapOutboundOut(ByteBuffer(staticString: "\r\n")), promise: promise)
    }

    /// Ends the response: the last chunk and trailers of a chunked body.
    private func end(_ context: ChannelHandlerContext, trailers: HTTPFields?, promise: EventLoopPromise<Void>?) {
        var end = ByteBuffer()
        if framing == .chunked, !omitsBody { end.writeChunkedEnd(trailers: trailers) }
        self.end(context, end, promise: promise)
    }

    /// Writes `bytes`, the last of the response.
    private func end(_ context: ChannelHandlerContext, _ bytes: ByteBuffer, promise: EventLoopPromise<Void>?) {
        framing = .length
        omitsBody = false
        // Written even when empty, so that the promise completes after the bytes before it.
        context.write(wrapOutboundOut(bytes), promise: promise)
    }

    /// Refuses a request whose framing is wrong: the machine answers it after the answers owed.
    /// The rest of the connection is ignored.
    private func refuse(_ head: HTTPRequestHead, _ problem: FramingRefusal, _ context: ChannelHandlerContext) {
        refused = true
        let peer = PeerName.of(context)
        logger.notice("refused \(head.method.rawValue) \(head.uri) from \(peer): \(problem.message)")
        let refusal = problem.answering(head.uri, omittingBody: head.method == .HEAD)
        context.fireUserInboundEventTriggered(FramingEvent.refused(refusal))
    }

    /// Why `head` is refused, and with which status; nil when its framing is fine.
    package static func problem(_ head: HTTPRequestHead) -> FramingRefusal? {
        let version = head.version
        var hosts = 0
        var host: String?
        var codings: String?
        // Counted rather than collected: every request asks.
        for (name, value) in head.headers {
            let length = name.utf8.count
            if length == 4, name.isNamedIgnoringCase("host") {
                hosts += 1
                host = value
            } else if length == 17, name.isNamedIgnoringCase("transfer-encoding") {
                codings = codings.map { $0 + "," + value } ?? value
            }
        }
        if version.major == 1, version.minor >= 1, hosts != 1 {
            return FramingRefusal(
                status: .badRequest,
                message: "HTTP/1.1 requests need exactly one Host header; this one has \(hosts == 0 ? "none" : String(hosts))")
        }
        if let codings {
            if version.major == 1, version.minor == 0 {
                return FramingRefusal(
                    status: .badRequest,
                    message: "Transfer-Encoding is not allowed in HTTP/1.0 requests; send Content-Length, or use HTTP/1.1")
            }
            // `chunked` is the one coding decoded (RFC 9112 §6.1: 501 for one not understood).
            let names = codings.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            if names != ["chunked"] {
                return FramingRefusal(
                    status: .notImplemented,
                    message:
                        "Transfer-Encoding \(codings.prefix(100)) is not one this server decodes: send chunked alone, or Content-Length"
                )
            }
        }
        if let host, let problem = HostField.problem(host) { return FramingRefusal(status: .badRequest, message: problem) }
        if let authority = HostField.authority(ofAbsoluteTarget: head.uri), let problem = HostField.problem(String(authority)) {
            return FramingRefusal(status: .badRequest, message: "the request target's authority is the host: \(problem)")
        }
        return nil
    }
}

extension HTTPRequest {
    /// The request a decoded HTTP/1 head makes, as swift-nio-extras' conversion makes it, without
    /// parsing a path that is already in origin form (`/home?x=1`, nearly every request); an
    /// absolute-form target's authority is its host.
    package init(http1 head: HTTPRequestHead) throws {
        guard head.uri.utf8.first == UInt8(ascii: "/") else {
            self = try HTTPRequest(head, secure: false, splitCookie: false)
            // RFC 9112 §3.2.2: an absolute-form target's authority is the host, whatever `Host` says.
            if let authority = HostField.authority(ofAbsoluteTarget: head.uri) { self.authority = String(authority) }
            return
        }
        self.init(
            method: try Method(head.method), scheme: "http", authority: head.headers.first(name: "Host"), path: head.uri,
            headerFields: HTTPFields(head.headers, splitCookie: false))
    }
}

extension String {
    /// Whether this is `lowercase`, a header name, in any letter case: compared byte by byte,
    /// where `lowercased()` made a string for every field of every request.
    fileprivate func isNamedIgnoringCase(_ lowercase: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        let same = utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.count == expected.count else { return false }
            for index in 0..<bytes.count {
                let wanted = expected[index]
                // Only letters differ by case: bit 5 is the difference between `A` and `a`.
                let isLetter = wanted >= UInt8(ascii: "a") && wanted <= UInt8(ascii: "z")
                guard (isLetter ? bytes[index] | 0x20 : bytes[index]) == wanted else { return false }
            }
            return true
        }
        return same ?? (lowercased() == lowercase.description)
    }
}
