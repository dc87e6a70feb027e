import NIOCore
import NIOWebSocket
import Synchronization

/// The WebSocket clients of one push listener (Docs/LivePreview.md): apps that only listen, to
/// which the server sends text frames. Nothing a client sends is acted on.
///
/// A client that does not read is dropped rather than buffered for: when a frame finds its
/// connection's write buffer above the high-water mark (``writeBufferLimit``), the connection is
/// closed, and the others get the frame as usual.
package final class PushClients: Sendable {
    /// The write buffer a client may leave unread before it is dropped.
    package static let writeBufferLimit = 1 << 20
    /// The largest frame read from a client (they send only pings); a larger one closes the
    /// connection with 1009.
    package static let largestClientFrame = 1 << 14

    private let clients = Mutex<[ObjectIdentifier: any Channel]>([:])

    /// No client yet.
    package init() {}

    /// Sends `text` to every client connected now.
    package func broadcast(_ text: String) {
        for channel in clients.withLock({ Array($0.values) }) { Self.send(text, to: channel) }
    }

    func add(_ channel: any Channel) {
        clients.withLock { $0[ObjectIdentifier(channel)] = channel }
    }

    func remove(_ channel: any Channel) {
        _ = clients.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Writes one text frame on `channel`'s loop, or drops the client when it has not read what
    /// was sent before.
    private static func send(_ text: String, to channel: any Channel) {
        channel.eventLoop.execute {
            guard channel.isActive else { return }
            guard channel.isWritable else {
                channel.close(promise: nil)
                return
            }
            var buffer = channel.allocator.buffer(capacity: text.utf8.count)
            buffer.writeString(text)
            channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: buffer), promise: nil)
        }
    }
}
