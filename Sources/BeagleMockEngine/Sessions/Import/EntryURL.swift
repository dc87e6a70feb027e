import BeagleMockHTTP

/// An entry's URL as the import reads it (Docs/Sessions.md): its scheme, its origin and its
/// request target, taken apart by hand so that nothing is normalised or decoded before the
/// server's own path rules (``RequestPath``) judge the target.
struct EntryURL: Sendable, Equatable {
    /// `http` or `https`, lower case.
    let scheme: String
    /// Where the request went: scheme, host and port.
    let origin: Origin
    /// The path and query as sent, `/` when the URL has no path (`/home?tab=2`).
    let target: Substring

    /// Scheme, host and port: what two URLs must share to be of one BFF.
    struct Origin: Sendable, Hashable, CustomStringConvertible {
        let scheme: String
        /// Lower case; an IPv6 address keeps its brackets.
        let host: String
        /// The port, the scheme's default when the URL names none.
        let port: Int

        /// `https://bff.example.com`, with the port only when it is not the scheme's default.
        var description: String {
            let defaultPort = scheme == "https" ? 443 : 80
            return "\(scheme)://\(host)" + (port == defaultPort ? "" : ":\(port)")
        }
    }

    /// What an entry's URL is when it is not an HTTP URL the import can read.
    enum Refusal: Error, Sendable, Equatable {
        /// `ws:` or `wss:`: a WebSocket.
        case webSocket
        /// Another scheme (`data:`, `blob:`, `chrome-extension:`), named.
        case notHTTP(String)
        /// An `http` URL whose host or port cannot be read.
        case malformed
    }

    /// Reads `url` (`https://user@bff.example.com:8443/api/home?x=1#top`).
    static func parse(_ url: String) -> Result<EntryURL, Refusal> {
        let text = Substring(url)
        guard let colon = text.firstIndex(of: ":") else { return .failure(.notHTTP("")) }
        let scheme = text[..<colon].lowercased()
        switch scheme {
        case "http", "https": break
        case "ws", "wss": return .failure(.webSocket)
        default: return .failure(.notHTTP(scheme))
        }
        let afterScheme = text[text.index(after: colon)...]
        guard afterScheme.hasPrefix("//") else { return .failure(.malformed) }
        let rest = afterScheme.dropFirst(2)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        guard let (host, port) = Self.hostAndPort(authority, scheme: scheme) else { return .failure(.malformed) }
        var target = rest[authorityEnd...]
        if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
        if !target.hasPrefix("/") { target = Substring("/" + target) }
        return .success(EntryURL(scheme: scheme, origin: Origin(scheme: scheme, host: host, port: port), target: target))
    }

    /// The host (lower case) and port of an authority without its user information.
    private static func hostAndPort(_ authority: Substring, scheme: String) -> (String, Int)? {
        var host = authority
        var portText: Substring = ""
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0 == "\\" || $0.asciiValue.map { $0 < 0x20 } ?? false })
        else { return nil }
        var port = scheme == "https" ? 443 : 80
        if !portText.isEmpty {
            guard portText.count <= 5, portText.allSatisfy(\.isASCIIDigit), let number = Int(portText),
                (1...65535).contains(number)
            else { return nil }
            port = number
        }
        return (host.lowercased(), port)
    }
}
