import Foundation
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
    /// One connected client.
    package struct Client: Sendable {
        /// The path it asked for in its upgrade (`/`, `/android`).
        package let path: String
        /// Its address, as `host:port`, when the connection has one.
        package let address: String?
        /// When it connected.
        package let since: Date
        let channel: any Channel
    }

    /// The write buffer a client may leave unread before it is dropped.
    package static let writeBufferLimit = 1 << 20
    /// The largest frame read from a client (they send only pings); a larger one closes the
    /// connection with 1009.
    package static let largestClientFrame = 1 << 14

    private let clients = Mutex<[ObjectIdentifier: Client]>([:])
    /// The frame a client that asked for a path gets as it connects, if any (the current screen).
    private let greeting: @Sendable (_ path: String) -> String?
    /// Called after a client connects or leaves.
    private let onChange: @Sendable () -> Void

    /// Clients that get `greeting`'s frame for their path, when it has one, as they connect;
    /// `onChange` is called after each one connects or leaves.
    package init(
        greeting: @escaping @Sendable (_ path: String) -> String? = { _ in nil },
        onChange: @escaping @Sendable () -> Void = {}
    ) {
        self.greeting = greeting
        self.onChange = onChange
    }

    /// The clients connected now, first connected first.
    package var connected: [Client] {
        clients.withLock { Array($0.values) }.sorted { $0.since < $1.since }
    }

    /// Sends each client connected now the frame `frame` gives for its path, if it gives one.
    package func broadcast(_ frame: (_ path: String) -> String?) {
        for client in connected {
            if let text = frame(client.path) { Self.send(text, to: client.channel) }
        }
    }

    func add(_ channel: any Channel, path: String) {
        let client = Client(
            path: path, address: channel.remoteAddress.map(Self.describe), since: Date(), channel: channel)
        clients.withLock { $0[ObjectIdentifier(channel)] = client }
        if let text = greeting(path) { Self.send(text, to: channel) }
        onChange()
    }

    func remove(_ channel: any Channel) {
        if clients.withLock({ $0.removeValue(forKey: ObjectIdentifier(channel)) }) != nil { onChange() }
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

    private static func describe(_ address: SocketAddress) -> String {
        guard let host = address.ipAddress, let port = address.port else { return "\(address)" }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
