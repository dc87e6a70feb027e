import HTTPTypes
import Logging
import NIOCore

/// Has a connection closed at once that opens with something no HTTP/1 answer can reach: a TLS
/// handshake (a client sent to the HTTP port with an `https` URL), or a first request line without
/// an HTTP version (`GET /`, HTTP/0.9); and has a first request line that ends in a bare LF, which
/// NIO's decoder would take for a wrong version, answered 400. It says so to
/// ``HTTPConnectionHandler`` (``FramingEvent``), whose machine closes.
///
/// Neither client reads a status line, so no answer can tell it anything; and NIO's decoder, which
/// takes a line without version for HTTP/0.9, waits for header fields that never come, holding the
/// connection until the idle timeout. This handler sits before the decoder, passes every byte on as
/// it comes, looks at the first byte and the bytes up to the first line feed, and then leaves the
/// pipeline: a connection costs it one look at its first line. A later request without version on a
/// kept-alive connection reaches ``HTTP1Framing`` as an HTTP/0.9 head, which closes the connection too.
package final class OpeningRefusal: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer

    /// A first line longer than this is the decoder's to judge.
    package static let longestLine = 8 * 1024

    private let logger: Logger
    /// The first line's bytes seen so far (without its line feed).
    private var line: [UInt8] = []
    /// The connection is refused: what else arrives is dropped.
    private var refused = false

    /// A check that logs what it closes to `logger`.
    package init(logger: Logger) {
        self.logger = logger
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // After a refusal, what else arrives is dropped while the answer leaves.
        guard !refused else { return }
        let buffer = unwrapInboundIn(data)
        let view = buffer.readableBytesView
        if line.isEmpty, view.first == TLSContentType.handshake {
            let peer = PeerName.of(context)
            logger.notice("closed a connection from \(peer) that began a TLS handshake on the HTTP port (HTTPS is on --tls-port)")
            return refuse(context, .unanswerable)
        }
        let end = view.firstIndex(of: UInt8(ascii: "\n"))
        line += view[..<(end ?? view.endIndex)].prefix(Self.longestLine - line.count)
        guard end != nil || line.count >= Self.longestLine else { return context.fireChannelRead(data) }
        if end != nil, Self.lacksVersion(line) {
            let peer = PeerName.of(context)
            logger.notice("closed a connection from \(peer) whose request line has no HTTP version (HTTP/0.9)")
            return refuse(context, .unanswerable)
        }
        if end != nil, Self.endsWithBareLineFeed(line) {
            let peer = PeerName.of(context)
            logger.notice("refused a request from \(peer): \(Self.bareLineFeed)")
            return refuse(context, .refused(FramingRefusal(status: .badRequest, message: Self.bareLineFeed)))
        }
        line = []
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// Why a request line ending in a bare LF is refused.
    package static let bareLineFeed =
        "the request line ends with a bare line feed (LF); HTTP/1.1 ends each line of a request's head with CRLF"

    /// Whether `line` (its CR kept) is a request line with an HTTP/1 version but no CR before its
    /// line feed, which NIO's decoder would refuse as a wrong version (505).
    package static func endsWithBareLineFeed(_ line: [UInt8]) -> Bool {
        guard line.last != UInt8(ascii: "\r") else { return false }
        let words = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
        return words.count >= 3 && (words.last?.starts(with: "HTTP/1.".utf8) ?? false)
    }

    /// Tells the connection's handler, past the decoder, and ignores the rest of the connection.
    private func refuse(_ context: ChannelHandlerContext, _ event: FramingEvent) {
        line = []
        refused = true
        context.fireUserInboundEventTriggered(event)
    }

    /// Whether `line` (its CR kept) is a request line without a version: a method and a target
    /// and nothing after them (other lines are the decoder's to refuse, with a status).
    package static func lacksVersion(_ line: [UInt8]) -> Bool {
        var text = line[...]
        if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
        let words = text.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
        return words.count == 2 && !(words.last?.starts(with: "HTTP/".utf8) ?? false)
    }
}
