import BeagleMock
import BeagleMockHTTP
import Foundation

/// The address and request path of a health check.
package struct HealthTarget: Sendable, Equatable {
    /// The host name or address to connect to, without brackets.
    package let host: String
    /// The TCP port.
    package let port: Int
    /// The request target, `/__admin/health` or a prefix of it.
    package let path: String

    /// The health URL, for messages.
    package var display: String { "http://\(hostHeader)\(path)" }

    /// The `Host` header: brackets around an IPv6 address, the port unless it is 80.
    package var hostHeader: String {
        let name = HostDisplay.inURL(host)
        return port == 80 ? name : "\(name):\(port)"
    }

    /// The server that `serve` would start with this `BEAGLE_MOCK_HOST`: a wildcard address is
    /// reached through loopback.
    package init(listeningHost: String?, port: Int) {
        host = HostDisplay.reachable(listeningHost ?? "")
        self.port = port
        path = "/__admin/health"
    }

    /// Parses `--url`: `http://host[:port][/prefix]`, or the health URL itself.
    package init(url text: String) throws(HealthTargetError) {
        let example = "write it like http://127.0.0.1:8080 or http://mock:8080"
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw HealthTargetError("--url '\(text)' is not a URL; \(example)")
        }
        guard scheme == "http" else {
            if scheme == "https" {
                throw HealthTargetError("--url '\(text)': https is not supported; the health check speaks plain http://")
            }
            throw HealthTargetError("--url '\(text)' is not an http:// URL; \(example)")
        }
        let host = HostDisplay.withoutBrackets(components.host ?? "")
        guard !host.isEmpty else {
            throw HealthTargetError("--url '\(text)' has no host; \(example)")
        }
        let port = components.port ?? 80
        guard (1...65535).contains(port) else {
            throw HealthTargetError("--url '\(text)': port \(port) is not a port number (1-65535)")
        }
        var path = components.percentEncodedPath
        if !path.hasSuffix("/__admin/health") {
            while path.hasSuffix("/") { path.removeLast() }
            path += "/__admin/health"
        }
        if let query = components.percentEncodedQuery { path += "?" + query }
        self.host = host
        self.port = port
        self.path = path
    }
}
