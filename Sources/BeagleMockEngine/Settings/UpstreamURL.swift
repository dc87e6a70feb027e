import BeagleMockHTTP
import Foundation

/// The real BFF behind the mock (Docs/Proxy.md): an `http` or `https` URL with a host, an optional
/// port and an optional base path that every forwarded path is appended to
/// (`https://bff.example.com/api` sends `GET /home` to `https://bff.example.com/api/home`).
package struct UpstreamURL: Sendable, Hashable, CustomStringConvertible {
    /// `http` or `https`.
    package let scheme: String
    /// The host name or address, IPv6 without brackets.
    package let host: String
    /// The port, when the URL names one.
    package let port: Int?
    /// The base path without a trailing `/`; empty for none.
    package let basePath: String

    /// Parses `text`, refusing anything but an absolute `http` or `https` URL with a host and
    /// without user, query or fragment.
    package init(_ text: String) throws(SpecError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let example = "write the upstream like http://127.0.0.1:9000 or https://bff.example.com/api"
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw SpecError("this is not a URL; \(example)")
        }
        guard scheme == "http" || scheme == "https" else {
            throw SpecError("the upstream must be an http or https URL, not \(SpecError.quote(scheme + ":")); \(example)")
        }
        guard let host = components.host, !host.isEmpty else {
            throw SpecError("the URL has no host; \(example)")
        }
        guard components.user == nil, components.password == nil else {
            throw SpecError("the URL carries a user or password; send credentials with the config's upstream headers instead")
        }
        guard components.query == nil, components.fragment == nil else {
            throw SpecError("the URL has a query or fragment, which an upstream cannot have; \(example)")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw SpecError("the URL's port \(port) is not a port number (1-65535)")
        }
        self.scheme = scheme
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        self.port = components.port
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        self.basePath = path
    }

    /// `host[:port]`, IPv6 in brackets: the `Host` header a forwarded request carries.
    package var authority: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port.map { "\(name):\($0)" } ?? name
    }

    /// The URL a request with this origin-form target (`/home?x=1`, as received) is sent to.
    func url(forTarget target: String) -> String {
        "\(scheme)://\(authority)\(basePath)\(target.hasPrefix("/") ? target : "/" + target)"
    }

    /// The URL as the banner and error bodies show it.
    package var description: String { "\(scheme)://\(authority)\(basePath)" }
}
