import NIOCore

/// How a log line names the other end of a connection: `127.0.0.1:52344`, `[::1]:52344`.
package enum PeerName {
    package static func of(_ context: ChannelHandlerContext) -> String {
        guard let address = context.remoteAddress, let ip = address.ipAddress else { return "an unknown peer" }
        return HostDisplay.inURL(ip) + (address.port.map { ":\($0)" } ?? "")
    }
}
