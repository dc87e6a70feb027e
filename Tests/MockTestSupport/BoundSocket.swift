import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket bound to a free port of 127.0.0.1, listening or not. Bound and not listening, it
/// holds a port that refuses connections and that no server of a test running beside can take.
public struct BoundSocket: Sendable {
    /// The socket; closed by ``close()``.
    public let descriptor: Int32
    /// The port it holds.
    public let port: Int

    /// Binds a new socket, listening with a backlog of 8 when `listening`.
    public init(listening: Bool) throws {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && (!listening || listen(descriptor, 8) == 0)
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            _ = Foundation.close(descriptor)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Shuts the socket down and closes it.
    public func close() {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        _ = Foundation.close(descriptor)
    }
}
