import BeagleMockHTTP
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

    /// The `X-Echo-…` fields for a request sent with `headers`; none when echo is off.
    func fields(for headers: SentHeaders) -> [HTTPField] {
        if case .off = setting { return [] }
        let hopByHop = HopByHopHeaders(connection: headers.fields.filter { $0.name.lowercased() == "connection" }.map(\.value))
        var echoed: [HTTPField] = []
        for field in headers.fields {
            guard !hopByHop.contains(field.name), setting.echoes(field.name),
                let name = HTTPField.Name(Self.prefix + field.name)
            else { continue }
            echoed.append(HTTPField(name: name, value: field.value))
        }
        return echoed
    }
}
