import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// Faults over a proxied BFF (Docs/Proxy.md, "Put your real BFF on a bad network"): with the same
/// seed, a folder and a proxy in front of a BFF serving that folder fault the same requests.
@Suite struct ProxyFaultTests {
    static let files = [
        "screens/home.json": #"{"_beagleComponent_":"beagle:text","text":"home"}"#,
        "screens/catalog/index.json": #"{"_beagleComponent_":"beagle:text","text":"catalog"}"#,
        "screens/cart.post.json": #"{"cartId":"c1"}"#,
    ]

    /// Every fault a flag can draw that still leaves the server running, seeded.
    static func faulty(_ configuration: inout MockServerConfiguration) {
        configuration.flags.seed = 7
        configuration.flags.faults = try? CommandLineSettings.parseFaults([
            "status:503@0.2", "reset@0.1", "truncate@0.1", "malformed-json@0.1",
        ])
    }

    /// What a client saw for each of a fixed series of requests: the status and body, or how the
    /// connection ended without a whole response.
    static func outcomes(port: Int) async throws -> [String] {
        var seen: [String] = []
        for round in 0..<12 {
            for (method, target) in [("GET", "/home"), ("GET", "/catalog"), ("POST", "/cart")] {
                let connection = try await RawConnection.connect(port: port)
                let length = method == "POST" ? "Content-Length: 0\r\n" : ""
                try await connection.send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(length)Connection: close\r\n\r\n")
                let (bytes, ending) = await connection.readToEnd()
                await connection.close()
                let text = String(decoding: bytes, as: UTF8.self)
                let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.map(String.init) ?? "-"
                let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
                seen.append("\(round) \(method) \(target) \(status) \(ending) \(body)")
            }
        }
        return seen
    }

    @Test func aFolderAndAProxyOverTheSameFolderFaultTheSameRequests() async throws {
        let direct = try await withMockServer(files: Self.files, configure: Self.faulty) { server, _ in
            try await Self.outcomes(port: server.port)
        }
        let proxied = try await withProxyPair(upstreamFiles: Self.files, configure: Self.faulty) { mock, _, _ in
            try await Self.outcomes(port: mock.port)
        }
        #expect(direct.count == 36)
        #expect(Set(direct.map { $0.split(separator: " ")[3] }).count > 1, "some requests must be faulted: \(direct)")
        for (one, other) in zip(direct, proxied) { #expect(one == other) }
    }
}
