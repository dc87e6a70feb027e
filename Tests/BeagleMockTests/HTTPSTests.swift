import Foundation
import MockTestSupport
import SwiftASN1
import Testing
import X509

@testable import BeagleMock
@testable import BeagleMockEngine
@testable import BeagleMockHTTP

/// HTTPS beside HTTP (Docs/HTTPS.md): the local CA, the certificate it issues, the same answers,
/// faults and journal over TLS as over HTTP, and the CA served for phones.
@Suite struct HTTPSTests {
    static let files = [
        "screens/home.json": #"{"_beagleComponent_":"beagle:text","text":"home"}"#,
        "images/logo.png": "not really a png",
    ]

    /// Runs `body` with a server on HTTP and HTTPS whose local CA lives in the folder's `tls/`,
    /// and a client that trusts that CA.
    static func withHTTPS<T>(
        files: [String: String] = files, configure: (inout MockServerConfiguration) -> Void = { _ in },
        _ body: (RunningMockServer, TemporaryScreens, TLSClientSide) async throws -> T
    ) async throws -> T {
        try await withMockServer(files: files) { configuration in
            configuration.tls = TLSSettings(port: 0, directory: configuration.screensDirectory + "/../tls")
            configure(&configuration)
        } _: { server, folder in
            let authority = try String(contentsOfFile: folder.root + "/tls/ca.pem", encoding: .utf8)
            return try await body(server, folder, try TLSClientSide(trustedPEM: authority))
        }
    }

    @Test func screensImagesAndTheAdminAPIAnswerOverHTTPSAsOverHTTP() async throws {
        try await Self.withHTTPS { server, _, client in
            let tlsPort = try #require(server.tlsPort)
            #expect(tlsPort != server.port)
            for target in ["/home", "/images/logo.png", "/__admin/health", "/__echo/x?y=1", "/nowhere"] {
                let secure = try #require(try await HTTPProbe.request(port: tlsPort, target: target, tls: client))
                let plain = try #require(try await HTTPProbe.request(port: server.port, target: target))
                #expect(secure.status == plain.status, "\(target)")
                if target != "/__admin/health" && !target.hasPrefix("/__echo") { #expect(secure.body == plain.body, "\(target)") }
            }
        }
    }

    @Test func journalEntriesSayWhetherTheRequestCameOverTLS() async throws {
        try await Self.withHTTPS { server, _, client in
            let tlsPort = try #require(server.tlsPort)
            _ = try await HTTPProbe.request(port: tlsPort, target: "/home?over=tls", tls: client)
            _ = try await HTTPProbe.request(port: server.port, target: "/home?over=tcp")
            let journal = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/requests"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(journal.body)) as? [String: Any])
            let entries = try #require(object["requests"] as? [[String: Any]])
            let byQuery = Dictionary(uniqueKeysWithValues: entries.map { ($0["query"] as? String ?? "", $0["tls"] as? Bool) })
            #expect(byQuery["over=tls"] == true)
            #expect(byQuery["over=tcp"] == false)
        }
    }

    @Test func theCertificateFollowsApplesRulesAndCoversTheUsualNames() async throws {
        try await Self.withHTTPS(configure: { $0.tls?.names = ["mock.test", "192.168.7.7"] }) { _, folder, _ in
            let leaf = try MadeCertificates.parse(try String(contentsOfFile: folder.root + "/tls/server.pem", encoding: .utf8))
            let names = CertificateNames(of: leaf).texts
            for name in ["localhost", "127.0.0.1", "::1", "10.0.2.2", "mock.test", "192.168.7.7"] {
                #expect(names.contains(name), "\(name) in \(names)")
            }
            #expect(try leaf.extensions.extendedKeyUsage?.contains(.serverAuth) == true)
            #expect(try leaf.extensions.basicConstraints == .notCertificateAuthority)
            #expect(leaf.signatureAlgorithm == .ecdsaWithSHA256)
            #expect(leaf.notValidAfter.timeIntervalSince(leaf.notValidBefore) <= 825 * 86400)
            // The host names are in subject alternative names only.
            #expect(leaf.subject.description.contains("localhost") == false)
        }
    }

    @Test func aSecondStartReusesTheCAAndTheCertificateAndANewNameIssuesANewCertificate() async throws {
        let folder = try TemporaryScreens(Self.files)
        defer { folder.remove() }
        func start(names: [String]) async throws -> (ca: String, leaf: String) {
            var configuration = MockServerConfiguration(screensDirectory: folder.screens, port: 0)
            configuration.tls = TLSSettings(port: 0, directory: folder.root + "/tls", names: names)
            return try await withMockServer(configuration) { _ in
                (
                    try String(contentsOfFile: folder.root + "/tls/ca.pem", encoding: .utf8),
                    try String(contentsOfFile: folder.root + "/tls/server.pem", encoding: .utf8)
                )
            }
        }
        let first = try await start(names: [])
        let second = try await start(names: [])
        #expect(second == first)
        let third = try await start(names: ["mock.test"])
        #expect(third.ca == first.ca)
        #expect(third.leaf != first.leaf)
        #expect(CertificateNames(of: try MadeCertificates.parse(third.leaf)).texts.contains("mock.test"))
    }

    @Test func theFolderAndTheKeysAreClosedToOthers() async throws {
        try await Self.withHTTPS { _, folder, _ in
            let tls = folder.root + "/tls"
            #expect(Self.mode(tls) == 0o700)
            #expect(Self.mode(tls + "/ca-key.pem") == 0o600)
            #expect(Self.mode(tls + "/server-key.pem") == 0o600)
            #expect(Self.mode(tls + "/ca.pem") == 0o644)
        }
    }

    @Test func theCAIsServedOpenInPEMAndDERAndItsKeyNever() async throws {
        try await Self.withHTTPS(configure: { $0.host = "127.0.0.1" }) { server, folder, client in
            let file = try String(contentsOfFile: folder.root + "/tls/ca.pem", encoding: .utf8)
            let pem = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/ca.pem"))
            #expect(pem.status == 200)
            #expect(pem.text == file)
            let tlsPort = try #require(server.tlsPort)
            let der = try #require(try await HTTPProbe.request(port: tlsPort, target: "/__admin/ca.crt", tls: client))
            #expect(der.status == 200)
            #expect(der.header("Content-Type") == "application/x-x509-ca-cert")
            #expect(try Certificate(derEncoded: der.body) == MadeCertificates.parse(file))
            #expect(!pem.text.contains("PRIVATE KEY"))
        }
    }

    @Test func theCAEndpointsAreOpenWhenTheRestOfTheAdminAPINeedsAToken() async throws {
        try await Self.withHTTPS(configure: { configuration in
            configuration.host = "0.0.0.0"
            configuration.adminToken = "s3cret"
        }) { server, _, _ in
            let refused = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/requests"))
            #expect(refused.status == 401)
            for target in ["/__admin/ca.pem", "/__admin/ca.crt"] {
                #expect(try await HTTPProbe.request(port: server.port, target: target)?.status == 200)
            }
        }
    }

    @Test func withoutHTTPSTheCAEndpointsSaySo() async throws {
        try await withMockServer(files: Self.files) { server, _ in
            let answer = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/ca.pem"))
            #expect(answer.status == 404)
            #expect(answer.text.contains("--tls-port"))
        }
    }

    @Test func aClientThatDoesNotTrustTheCAFailsTheHandshakeAndTheServerGoesOn() async throws {
        try await Self.withHTTPS { server, _, client in
            let tlsPort = try #require(server.tlsPort)
            let stranger = try TLSClientSide(trustedPEM: TestCertificates.authority)
            let refused = try await RawConnection.connect(port: tlsPort, tls: stranger)
            try? await refused.send("GET /home HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(await refused.readResponse(timeout: .seconds(5)) == nil)
            #expect(refused.failure?.contains("handshake") == true, "\(refused.failure ?? "no failure")")
            await refused.close()
            #expect(try await HTTPProbe.request(port: tlsPort, target: "/home", tls: client)?.status == 200)
        }
    }

    @Test func plainHTTPOnTheHTTPSPortIsToldToUseHTTPS() async throws {
        try await Self.withHTTPS { server, _, client in
            let tlsPort = try #require(server.tlsPort)
            let answer = try #require(try await HTTPProbe.request(port: tlsPort, target: "/home"))
            #expect(answer.status == 400)
            #expect(answer.text.contains("this port serves HTTPS"))
            #expect(try await HTTPProbe.request(port: tlsPort, target: "/home", tls: client)?.status == 200)
        }
    }

    @Test func aTLSHandshakeOnTheHTTPPortIsClosedAndTheServerGoesOn() async throws {
        try await Self.withHTTPS { server, _, client in
            let confused = try await RawConnection.connect(port: server.port, tls: client)
            try? await confused.send("GET /home HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(await confused.readResponse(timeout: .seconds(5)) == nil)
            #expect(confused.ending == .closed)
            await confused.close()
            #expect(try await HTTPProbe.request(port: server.port, target: "/home")?.status == 200)
        }
    }

    @Test func faultsKeepTheirMeaningInsideTLS() async throws {
        try await Self.withHTTPS { server, _, client in
            let tlsPort = try #require(server.tlsPort)
            let reset = try await RawConnection.connect(port: tlsPort, tls: client)
            try await reset.send("GET /home HTTP/1.1\r\nHost: localhost\r\nX-Mock-Fault: reset\r\n\r\n")
            let (resetBytes, resetEnding) = await reset.readToEnd(timeout: .seconds(10))
            #expect(resetBytes.isEmpty)
            #expect(resetEnding == .reset, "\(reset.failure ?? "")")
            await reset.close()

            let garbage = try await RawConnection.connect(port: tlsPort, tls: client)
            try await garbage.send("GET /home HTTP/1.1\r\nHost: localhost\r\nX-Mock-Fault: garbage\r\n\r\n")
            let (garbageBytes, _) = await garbage.readToEnd(timeout: .seconds(10))
            #expect(!garbageBytes.isEmpty)
            #expect(!garbageBytes.starts(with: Array("HTTP/1.1".utf8)))
            await garbage.close()

            let truncated = try await RawConnection.connect(port: tlsPort, tls: client)
            try await truncated.send("GET /home HTTP/1.1\r\nHost: localhost\r\nX-Mock-Fault: truncate\r\n\r\n")
            let (truncatedBytes, _) = await truncated.readToEnd(timeout: .seconds(10))
            let text = String(decoding: truncatedBytes, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 200"))
            #expect(!text.hasSuffix(#""text":"home"}"#))
            await truncated.close()
        }
    }

    /// `hang` inside TLS: the handshake completes, then nothing comes until --hang-max, when the
    /// connection is closed.
    @Test func hangInsideTLSHoldsTheConnectionThenClosesAtHangMax() async throws {
        try await Self.withHTTPS(configure: { $0.flags = CommandLineSettings(hangMax: .milliseconds(600)) }) {
            server, _, client in
            let clock = ContinuousClock()
            let connection = try await RawConnection.connect(port: try #require(server.tlsPort), tls: client)
            let started = clock.now
            try await connection.send("GET /home HTTP/1.1\r\nHost: localhost\r\nX-Mock-Fault: hang\r\n\r\n")
            let (bytes, ending) = await connection.readToEnd(timeout: .seconds(30))
            let waited = clock.now - started
            #expect(bytes.isEmpty)
            #expect(ending == .closed, "\(connection.failure ?? "")")
            #expect(waited >= .milliseconds(550))
            await connection.close()
        }
    }

    /// The permission bits of `path`; -1 when it cannot be read.
    static func mode(_ path: String) -> Int {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return -1 }
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }
}
