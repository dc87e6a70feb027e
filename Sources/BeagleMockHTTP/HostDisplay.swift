import NIOCore

/// How a listening address is written for a person and for a client: brackets around IPv6
/// addresses in URLs, and the loopback address that reaches a server bound to a wildcard. The one
/// place the banner, `baseURL` and the health check take these from.
package enum HostDisplay {
    /// Whether `host` listens on every address (`0.0.0.0`, `::`).
    package static func isWildcard(_ host: String) -> Bool {
        let bare = withoutBrackets(host)
        return bare == "0.0.0.0" || bare == "::"
    }

    /// The address a client on this machine connects to: `127.0.0.1` for `0.0.0.0` (and for no
    /// host at all), `::1` for `::`, otherwise the host itself, without brackets.
    package static func reachable(_ host: String) -> String {
        switch withoutBrackets(host.trimmingSpecWhitespace()) {
        case "", "0.0.0.0": "127.0.0.1"
        case "::": "::1"
        case let bare: bare
        }
    }

    /// The host as it goes into a URL or a `Host` header: an IPv6 address in brackets.
    package static func inURL(_ host: String) -> String {
        let bare = withoutBrackets(host)
        return bare.contains(":") ? "[\(bare)]" : bare
    }

    /// `http://host:port`: the host as written in a URL, the port always shown.
    package static func url(scheme: String = "http", host: String, port: Int) -> String {
        "\(scheme)://\(inURL(host)):\(port)"
    }

    /// The host without the brackets of a URL's IPv6 address.
    package static func withoutBrackets(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    /// This machine's IPv4 addresses other than loopback: where devices on its network reach a
    /// server bound to every address (the banner lists them; the local CA's certificate covers them).
    package static func networkAddresses() -> [String] {
        guard let devices = try? System.enumerateDevices() else { return [] }
        var seen: [String] = []
        for device in devices {
            guard case .v4? = device.address, let ip = device.address?.ipAddress, !ip.hasPrefix("127."), !seen.contains(ip)
            else { continue }
            seen.append(ip)
        }
        return seen
    }
}
