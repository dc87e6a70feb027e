import BeagleMockEngine
import BeagleMockHTTP
import NIOCore

/// Who may use the admin API beyond `/__admin/health`, `/__admin/ca.pem` and `/__admin/ca.crt`,
/// which are always open (Docs/AdminAPI.md).
package enum AdminAccess: Sendable, Hashable, CustomStringConvertible {
    /// Bound to a loopback address: only this machine can connect, so no token is needed.
    case open
    /// Bound beyond loopback with a token: requests need `Authorization: Bearer <token>` (else 401).
    case tokenRequired
    /// Bound beyond loopback without a token: the admin API answers 403 to everyone.
    case off

    /// The access a server bound to `host` gets, given the token it was started with (if any).
    package init(host: String, token: String?) {
        if Self.isLoopback(host: host) {
            self = .open
        } else {
            self = token == nil ? .off : .tokenRequired
        }
    }

    /// Whether binding `host` listens on loopback only: `localhost`, 127.0.0.0/8 and `::1` (also
    /// written `[::1]` or as `::ffff:127.0.0.1`). Another host name is resolved as binding resolves
    /// it; `0.0.0.0`, `::` and anything unresolvable count as not loopback, so the admin API is
    /// closed unless it is certainly private.
    package static func isLoopback(host: String) -> Bool {
        let name = HostDisplay.withoutBrackets(host)
        if name.lowercased() == "localhost" { return true }
        let address: SocketAddress
        if let literal = try? SocketAddress(ipAddress: name, port: 0) {
            address = literal
        } else if let resolved = try? SocketAddress.makeAddressResolvingHost(name, port: 0) {
            address = resolved
        } else {
            return false
        }
        return isLoopback(address)
    }

    /// Whether `address` is a loopback address.
    static func isLoopback(_ address: SocketAddress) -> Bool {
        guard let ip = address.ipAddress?.lowercased() else { return false }
        switch address {
        case .v4: return ip.hasPrefix("127.")
        case .v6: return ip == "::1" || ip.hasPrefix("::ffff:127.")
        case .unixDomainSocket: return false
        }
    }

    /// `open (loopback)`, `token required`, `off (no --admin-token)`.
    package var description: String {
        switch self {
        case .open: "open (loopback only)"
        case .tokenRequired: "token required (Authorization: Bearer …)"
        case .off: "off (not on loopback and no --admin-token)"
        }
    }
}
