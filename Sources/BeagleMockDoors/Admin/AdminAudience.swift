import BeagleMockEngine
import BeagleMockHTTP
import Foundation
import HTTPTypes
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Who the admin API talks to: requests addressed to this server by a name or address of its own,
/// and never a web page of another origin (Docs/AdminAPI.md, "Who may use the admin API").
///
/// A page the developer visits could otherwise read the journal (with the `Authorization` headers
/// it captured) or change settings: directly with `fetch`, or through DNS rebinding, where the
/// page's own name comes to point at 127.0.0.1. The `Host` header gives the second away (it names
/// the page's host), and `Origin` gives the first away.
struct AdminAudience: Sendable {
    /// Names and addresses that are this server's, lower case, without brackets.
    let ownHosts: Set<String>

    /// The audience of a server bound to `host`: `localhost` and loopback addresses always, the
    /// bound address or name, and, bound to every address, this machine's addresses and name.
    init(boundHost host: String) {
        var hosts: Set<String> = ["localhost", "127.0.0.1", "::1"]
        let bound = HostDisplay.withoutBrackets(host).lowercased()
        if HostDisplay.isWildcard(bound) {
            for device in (try? System.enumerateDevices()) ?? [] {
                if let ip = device.address?.ipAddress { hosts.insert(ip.lowercased()) }
            }
            if let name = Self.machineName() {
                hosts.insert(name)
                hosts.insert(String(name.prefix { $0 != "." }))
            }
        } else {
            hosts.insert(bound)
        }
        ownHosts = hosts
    }

    /// Why `request` may not reach the admin API, or nil when it may.
    func refusal(for request: HTTPRequest) -> String? {
        guard let authority = request.authority, let host = Self.hostName(of: authority), isOwn(host) else {
            let sent = request.authority.map { "Host: \($0)" } ?? "no Host"
            return "the admin API answers only requests addressed to this server (localhost, a loopback address or an "
                + "address it listens on); this one has \(sent), as a web page reached through DNS rebinding would"
        }
        if let origin = request.headerFields[.origin], !isSameOrigin(origin, authority: authority),
            Self.changesState(request.method)
        {
            return "the admin API refuses changes from a web page of another origin (Origin: \(origin))"
        }
        return nil
    }

    /// Whether a request with `method` may change something (reading methods and OPTIONS do not).
    static func changesState(_ method: HTTPRequest.Method) -> Bool {
        !(method == .get || method == .head || method == .options)
    }

    /// Whether `host` names this server: an own name or address, `*.localhost`, or a loopback address.
    func isOwn(_ host: String) -> Bool {
        if ownHosts.contains(host) || host.hasSuffix(".localhost") { return true }
        if let address = try? SocketAddress(ipAddress: host, port: 0) { return AdminAccess.isLoopback(address) }
        return false
    }

    /// Whether a page at `origin` is this server itself (its own dashboard): same host and port.
    func isSameOrigin(_ origin: String, authority: String) -> Bool {
        guard let schemeEnd = origin.range(of: "://") else { return false }
        return origin[schemeEnd.upperBound...].lowercased() == authority.lowercased()
    }

    /// The host of a `Host` header value, lower case, without port or brackets; nil when malformed.
    static func hostName(of authority: String) -> String? {
        let lowered = authority.lowercased()
        if lowered.hasPrefix("[") {
            guard let end = lowered.firstIndex(of: "]") else { return nil }
            return String(lowered[lowered.index(after: lowered.startIndex)..<end])
        }
        let host = lowered.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return host.isEmpty ? nil : String(host)
    }

    private static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
        return name.isEmpty ? nil : name
    }
}
