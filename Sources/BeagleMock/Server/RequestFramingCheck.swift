import HTTPTypes
import Logging
import NIOCore
import NIOHTTP1

/// Refuses, with 400 and a closed connection, request heads whose framing RFC 9112 forbids
/// (Docs/ScreensFolder.md): an HTTP/1.1 request without exactly one `Host` (§3.2), and an
/// HTTP/1.0 request with `Transfer-Encoding`, which a server must not trust (§6.1). And frames a
/// response of unknown length (a proxied chunked body, Docs/Proxy.md) to an HTTP/1.0 request the
/// only way such a client reads it: no chunked coding, the end of the body marked by closing
/// the connection (§6.3).
///
/// It sits right after NIO's request decoder because that is the last place these are visible:
/// the next handler, HummingbirdCore's `HTTP1ToHTTPServerCodec`, turns the head into an
/// `HTTPRequest`, which has no version and keeps only the first `Host` (as its authority).
/// `MockHTTP1Channel` puts it there; Hummingbird's own extra handlers come after that codec.
///
/// A refused request never reaches the responder. Its answer waits for the responses still owed
/// to requests pipelined before it, so that answers stay in order; everything after it is dropped.
final class RequestFramingCheck: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let logger: Logger
    /// Requests passed on whose response has not ended yet.
    private var owed = 0
    /// The refusal to send once nothing is owed; set, the rest of the connection is ignored.
    private var refusal: (head: HTTPResponseHead, body: ByteBuffer?)?
    private var refused = false
    /// The versions of the requests passed on whose response head is not written yet, oldest first.
    /// Room for one: requests are seldom pipelined, and every connection holds one of these.
    private var versions = CircularBuffer<HTTPVersion>(initialCapacity: 1)
    /// The response being written ends its connection: its length is told by closing it.
    private var closesAfterResponse = false

    /// A check that logs refusals to `logger`.
    init(logger: Logger) {
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        guard case .head(let head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        guard let problem = Self.problem(head) else {
            owed += 1
            versions.append(head.version)
            context.fireChannelRead(data)
            return
        }
        refused = true
        let peer = context.remoteAddress.map { "\($0)" } ?? "unknown peer"
        logger.notice("refused \(head.method.rawValue) \(head.uri) from \(peer): \(problem)")
        let json = ErrorBody(error: problem, path: head.uri).json
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: ContentType.json)
        headers.add(name: "Content-Length", value: String(json.utf8.count))
        headers.add(name: "Connection", value: "close")
        let status = HTTPResponseStatus.badRequest
        refusal = (
            HTTPResponseHead(version: .http1_1, status: status, headers: headers),
            head.method == .HEAD ? nil : context.channel.allocator.buffer(string: json)
        )
        sendRefusalIfDue(context)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200:
            let version = versions.popFirst() ?? .http1_1
            guard version == .http1_0, Self.hasUnknownLength(head) else {
                context.write(data, promise: promise)
                return
            }
            head.version = .http1_0
            head.headers.replaceOrAdd(name: "Connection", value: "close")
            closesAfterResponse = true
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end where closesAfterResponse:
            closesAfterResponse = false
            owed = max(owed - 1, 0)
            writeThenClose(context, data, promise: promise, flush: false)
        case .end:
            context.write(data, promise: promise)
            owed = max(owed - 1, 0)
            sendRefusalIfDue(context)
        default:
            context.write(data, promise: promise)
        }
    }

    /// Whether a response head says nothing of its body's length: neither `Content-Length` nor
    /// `Transfer-Encoding`, on a status that has a body.
    private static func hasUnknownLength(_ head: HTTPResponseHead) -> Bool {
        let code = head.status.code
        return code != 204 && code != 304 && !head.headers.contains(name: "Content-Length")
            && !head.headers.contains(name: "Transfer-Encoding")
    }

    /// Sends the refusal once every response before it has been written, then closes.
    private func sendRefusalIfDue(_ context: ChannelHandlerContext) {
        guard owed == 0, let (head, body) = refusal else { return }
        refusal = nil
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if let body { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        writeThenClose(context, wrapOutboundOut(.end(nil)), promise: nil, flush: true)
    }

    /// Writes `data` (the end of a response), then closes the connection once it is written.
    private func writeThenClose(
        _ context: ChannelHandlerContext, _ data: NIOAny, promise: EventLoopPromise<Void>?, flush: Bool
    ) {
        let written = context.eventLoop.makePromise(of: Void.self)
        if let promise { written.futureResult.cascade(to: promise) }
        if flush {
            context.writeAndFlush(data, promise: written)
        } else {
            context.write(data, promise: written)
        }
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        written.futureResult.whenComplete { _ in bound.value.close(promise: nil) }
    }

    /// Why `head` is refused, in words for the client; nil when its framing is fine.
    static func problem(_ head: HTTPRequestHead) -> String? {
        let version = head.version
        if version.major == 1, version.minor >= 1 {
            let hosts = head.headers["Host"].count
            guard hosts == 1 else {
                return "HTTP/1.1 requests need exactly one Host header; this one has \(hosts == 0 ? "none" : String(hosts))"
            }
        } else if version.major == 1, version.minor == 0, head.headers.contains(name: "Transfer-Encoding") {
            return "Transfer-Encoding is not allowed in HTTP/1.0 requests; send Content-Length, or use HTTP/1.1"
        }
        return nil
    }
}
