import Foundation
import HTTPTypes

/// Header echo (Docs/AdminAPI.md): for each request header the setting names, an
/// `X-Echo-<Name>: <value>` response header, so that a test can read what its client really sent
/// (the platform header, the token, the user agent) from any response.
///
/// Hop-by-hop headers describe one connection, not the request, and are never echoed: `Connection`,
/// `Keep-Alive`, `Proxy-*`, `TE`, `Trailer`, `Transfer-Encoding`, `Upgrade`, and any header the
/// request's `Connection` header names (RFC 9110, section 7.6.1). `Host` is echoed from the
/// request's authority. A header sent twice is echoed twice, in the order sent.
struct HeaderEcho: Sendable {
    /// Which headers to echo.
    let setting: EchoSetting

    /// The prefix of every echoed header's name.
    static let prefix = "X-Echo-"

    private static let hopByHop: Set<String> = ["connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade"]

    /// The `X-Echo-…` fields for a request sent with `headers`; none when echo is off.
    func fields(for headers: SentHeaders) -> [HTTPField] {
        if case .off = setting { return [] }
        let named = Self.namedByConnection(headers)
        var echoed: [HTTPField] = []
        for field in headers.fields {
            let lower = field.name.lowercased()
            guard !Self.hopByHop.contains(lower), !lower.hasPrefix("proxy-"), !named.contains(lower),
                setting.echoes(field.name), let name = HTTPField.Name(Self.prefix + field.name)
            else { continue }
            echoed.append(HTTPField(name: name, value: field.value))
        }
        return echoed
    }

    /// The headers that `Connection: a, b` makes hop-by-hop.
    private static func namedByConnection(_ headers: SentHeaders) -> Set<String> {
        var named: Set<String> = []
        for field in headers.fields where field.name.lowercased() == "connection" {
            for token in field.value.split(separator: ",") {
                named.insert(token.trimmingCharacters(in: .whitespaces).lowercased())
            }
        }
        return named
    }
}
