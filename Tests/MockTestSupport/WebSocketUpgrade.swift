/// A WebSocket client over a `RawConnection`, as Beagle's Live Preview and hot-reload clients
/// connect (Docs/LivePreview.md): the upgrade, and frames masked as a client's must be.
public enum WebSocketUpgrade {
    /// The upgrade didn't get `101 Switching Protocols`.
    public struct Refused: Error, CustomStringConvertible {
        public let received: String
        public var description: String { "no 101 to the WebSocket upgrade; received: \(received.prefix(200))" }
    }

    /// The upgrade request for `path`.
    public static func request(path: String = "/") -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    }

    /// Connects to `port`, upgrades on `path`, and returns the connection once `101` arrived.
    public static func connect(port: Int, path: String = "/") async throws -> RawConnection {
        let client = try await RawConnection.connect(port: port, sending: request(path: path))
        guard await client.waitFor(text: "101 Switching Protocols") else {
            await client.close()
            throw Refused(received: client.received)
        }
        return client
    }

    /// A frame from a client, masked as RFC 6455 asks (a payload under 126 bytes).
    public static func clientFrame(opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let mask: [UInt8] = [1, 2, 3, 4]
        return [0x80 | opcode, 0x80 | UInt8(payload.count)] + mask
            + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }
}
