import AsyncHTTPClient
import BeagleMockHTTP
import HTTPTypes
import NIOCore
import NIOHTTP1

/// The request the proxy sends upstream for one the folders do not answer (Docs/Proxy.md): the same
/// method, path, query, headers and body, without hop-by-hop headers, with `Host` set to the
/// upstream's and `X-Forwarded-For`, `-Proto` and `-Host` saying where it came from.
enum ForwardedRequest {
    /// The request to send for `request` to `upstream`. `identityEncoding` asks for an uncompressed
    /// body (a recording saves the bytes the folder will serve, which sends no `Content-Encoding`).
    static func make(_ request: ReadRequest, upstream: UpstreamSettings, identityEncoding: Bool) -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: upstream.url.url(forTarget: request.head.path ?? "/"))
        outgoing.method = .init(rawValue: request.method.rawValue)
        let fields = request.head.headerFields
        let hopByHop = HopByHopHeaders(connection: fields[values: .connection])
        var forwardedFor: [String] = []
        for field in fields {
            let name = field.name.canonicalName
            if name == "x-forwarded-for" {
                forwardedFor.append(field.value)
                continue
            }
            guard !hopByHop.contains(name), !Self.rewritten.contains(name) else { continue }
            if identityEncoding, name == "accept-encoding" { continue }
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        // AsyncHTTPClient writes Host from the URL: the upstream's own name.
        if let client = request.client { forwardedFor.append(client) }
        if !forwardedFor.isEmpty {
            outgoing.headers.replaceOrAdd(name: "X-Forwarded-For", value: forwardedFor.joined(separator: ", "))
        }
        outgoing.headers.replaceOrAdd(name: "X-Forwarded-Proto", value: "http")
        if let host = request.head.authority { outgoing.headers.replaceOrAdd(name: "X-Forwarded-Host", value: host) }
        for header in upstream.headers { outgoing.headers.replaceOrAdd(name: header.name, value: header.value) }
        if let body = request.body, body.readableBytes > 0 {
            outgoing.body = .bytes(body)
        }
        return outgoing
    }

    /// Fields the proxy writes itself: the framing of the body it sends, the upstream's `Host`, and
    /// `Expect`, which the mock has already answered.
    private static let rewritten: Set<String> = [
        "host", "content-length", "expect", "x-forwarded-proto", "x-forwarded-host",
    ]
}
