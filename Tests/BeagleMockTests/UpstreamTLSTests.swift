import Foundation
import MockTestSupport
import NIOSSL
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// `https` upstreams (Docs/Proxy.md, "HTTPS upstreams and --upstream-ca"): a BFF certified by a
/// private CA is trusted with `--upstream-ca`, refused without it, and a CA file that cannot be
/// read stops the server at start.
@Suite struct UpstreamTLSTests {
    static let body = #"{"_beagleComponent_":"beagle:text","text":"over TLS"}"#

    /// A BFF on HTTPS with ``TestCertificates/server``, answering `body` once.
    static func tls() throws -> NIOSSLContext {
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(TestCertificates.server.utf8), format: .pem))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(TestCertificates.serverKey.utf8), format: .pem)))
        return try NIOSSLContext(configuration: configuration)
    }

    static let answer = Array(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)

    @Test func aPrivateCAIsTrustedWithUpstreamCA() async throws {
        let folder = try TemporaryScreens(["ca.pem": TestCertificates.authority])
        defer { folder.remove() }
        try await withCannedServer(.answer(Self.answer), tls: try Self.tls()) { upstream in
            try await withProxy(
                to: "https://127.0.0.1:\(upstream.port)", configure: { $0.flags.upstreamCA = folder.root + "/ca.pem" }
            ) { mock, _ in
                let response = try #require(try await HTTPProbe.request(port: mock.port, target: "/hello"))
                #expect(response.status == 200)
                #expect(response.text == Self.body)
            }
        }
    }

    @Test func withoutItTheHandshakeFailsWith502() async throws {
        try await withCannedServer(.answer(Self.answer), tls: try Self.tls()) { upstream in
            try await withProxy(to: "https://127.0.0.1:\(upstream.port)") { mock, _ in
                let response = try #require(try await HTTPProbe.request(port: mock.port, target: "/hello"))
                #expect(response.status == 502)
                #expect(response.text.contains("certificate is not trusted here (pass its CA with --upstream-ca)"))
            }
        }
    }

    @Test func aCAFileThatIsNotPEMStopsTheServerAtStart() throws {
        let folder = try TemporaryScreens(["ca.pem": "not a certificate"])
        defer { folder.remove() }
        var configuration = MockServerConfiguration(screensDirectory: folder.screens, port: 0)
        configuration.flags.upstream = try UpstreamURL("https://127.0.0.1:9")
        configuration.flags.upstreamCA = folder.root + "/ca.pem"
        #expect {
            _ = try MockServer(configuration: configuration)
        } throws: { error in
            guard case .invalidUpstream(let message) = error as? MockServerError else { return false }
            return message.contains("ca.pem")
        }
    }
}
