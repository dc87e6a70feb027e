import Foundation
import MockTestSupport
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// Certificates, keys and TLS folders that cannot be used (Docs/HTTPS.md, "When it cannot start"):
/// one sentence that names the file and the problem, before anything listens; a CA of the user's
/// is never replaced.
@Suite struct TLSInputTests {
    /// The message `MockServer` refuses `tls` with, in a folder holding `files`.
    static func refusal(_ files: [String: String], _ tls: (String) -> TLSSettings, port: Int = 0) throws -> String? {
        let folder = try TemporaryScreens(files.merging(["screens/home.json": "{}"]) { $1 })
        defer { folder.remove() }
        var configuration = MockServerConfiguration(screensDirectory: folder.screens, port: port)
        configuration.tls = tls(folder.root)
        do {
            _ = try MockServer(configuration: configuration)
            return nil
        } catch {
            guard case .invalidTLS(let message) = error else { return "another error: \(error)" }
            return message
        }
    }

    @Test func aGivenPairIsServed() async throws {
        try await withMockServer(files: [
            "screens/home.json": "{}", "cert.pem": TestCertificates.server, "key.pem": TestCertificates.serverKey,
        ]) {
            configuration in
            let root = configuration.screensDirectory + "/.."
            configuration.tls = TLSSettings(port: 0, certificateFile: root + "/cert.pem", keyFile: root + "/key.pem")
        } _: { server, _ in
            #expect(server.server.tls?.authority == nil)
            let client = try TLSClientSide(trustedPEM: TestCertificates.authority, serverName: nil)
            let answer = try await HTTPProbe.request(port: try #require(server.tlsPort), target: "/home", tls: client)
            #expect(answer?.text == "{}")
        }
    }

    @Test(arguments: [
        ("missing", [:], "cert.pem: does not exist"),
        ("not PEM", ["cert.pem": "hello", "key.pem": TestCertificates.serverKey], "cert.pem: holds no PEM certificate"),
        (
            "corrupted",
            [
                "cert.pem": "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
                "key.pem": TestCertificates.serverKey,
            ],
            "cert.pem: its certificate cannot be read"
        ),
        ("key not PEM", ["cert.pem": TestCertificates.server, "key.pem": "nope"], "key.pem: holds no PEM private key"),
        (
            "mismatched", ["cert.pem": TestCertificates.authority, "key.pem": TestCertificates.serverKey],
            "key.pem: is not the key of the certificate in"
        ),
    ])
    func aBadPairIsOneSentenceNamingTheFile(name: String, files: [String: String], expected: String) throws {
        let message = try #require(
            try Self.refusal(files) { root in
                TLSSettings(port: 0, certificateFile: root + "/cert.pem", keyFile: root + "/key.pem")
            })
        #expect(message.contains(expected), "\(name): \(message)")
        #expect(!message.contains("\n"))
    }

    /// A certificate path that is a folder, or a file that cannot be read (root reads a mode-000
    /// file, so the test uses `/proc/self/mem`, whose first page no read returns).
    @Test func aFolderOrAnUnreadableFileAsTheCertificateIsNamed() throws {
        let folder = try #require(try Self.refusal([:]) { TLSSettings(port: 0, certificateFile: $0, keyFile: $0) })
        #expect(folder.contains("is a folder, not a PEM file"), "\(folder)")
        let unreadable = try #require(
            try Self.refusal([:]) { TLSSettings(port: 0, certificateFile: "/proc/self/mem", keyFile: $0 + "/key.pem") })
        #expect(unreadable.hasPrefix("/proc/self/mem: cannot be read"), "\(unreadable)")
    }

    @Test func anExpiredCertificateIsRefusedAndOneAboutToExpireIsAWarning() async throws {
        let now = Date()
        let expired = try MadeCertificates.selfSigned(from: now - 90 * 86400, to: now - 86400)
        let message = try #require(
            try Self.refusal(["cert.pem": expired.certificate, "key.pem": expired.key]) { root in
                TLSSettings(port: 0, certificateFile: root + "/cert.pem", keyFile: root + "/key.pem")
            })
        #expect(message.contains("cert.pem: expired on"))

        let soon = try MadeCertificates.selfSigned(from: now - 86400, to: now + 10 * 86400)
        try await withMockServer(files: ["screens/home.json": "{}", "cert.pem": soon.certificate, "key.pem": soon.key]) {
            configuration in
            let root = configuration.screensDirectory + "/.."
            configuration.tls = TLSSettings(port: 0, certificateFile: root + "/cert.pem", keyFile: root + "/key.pem")
        } _: { server, _ in
            // The key was written as any file is (0644): the user's own key gets a warning too.
            let warnings = server.server.tls?.warnings ?? []
            #expect(warnings.count == 2)
            #expect(warnings.contains { $0.contains("cert.pem expires on") }, "\(warnings)")
            #expect(warnings.contains { $0.contains("key.pem is readable by others (mode 0644)") }, "\(warnings)")
        }
    }

    /// A key no platform accepts is called too small, and a broken PEM is named without the
    /// parser's own source paths.
    @Test func aKeyTooSmallOrABrokenPEMIsSaidInWords() throws {
        let pair = { (root: String) in
            TLSSettings(port: 0, certificateFile: root + "/cert.pem", keyFile: root + "/key.pem")
        }
        let small = try #require(
            try Self.refusal(["cert.pem": TestCertificates.rsa1024, "key.pem": TestCertificates.rsa1024Key], pair))
        #expect(small.contains("cert.pem: its certificate has a key too small to use"), "\(small)")
        #expect(small.contains("2048 bits"), "\(small)")
        let broken = "-----BEGIN CERTIFICATE-----\n@@@ not base64 @@@\n-----END CERTIFICATE-----\n"
        let message = try #require(try Self.refusal(["cert.pem": broken, "key.pem": TestCertificates.serverKey], pair))
        #expect(message.contains("cert.pem: its certificate cannot be read"), "\(message)")
        #expect(!message.contains(".swift") && !message.contains("/Sources/"), "\(message)")
    }

    @Test func halfAPairOrAPairWithoutAPortIsRefused() throws {
        #expect(
            try Self.refusal([:]) { TLSSettings(port: 0, certificateFile: $0 + "/cert.pem") }?.contains(
                "--tls-cert needs --tls-key") == true)
        #expect(
            try Self.refusal([:]) { TLSSettings(port: 0, keyFile: $0 + "/key.pem") }?.contains("--tls-key needs --tls-cert")
                == true)
        #expect(
            try Self.refusal([:]) { TLSSettings(certificateFile: $0 + "/c.pem", keyFile: $0 + "/k.pem") }?.contains(
                "need --tls-port")
                == true)
    }

    @Test func theHTTPSPortCannotBeTheHTTPPort() throws {
        let message = try Self.refusal([:], { TLSSettings(port: 8099, directory: $0 + "/tls") }, port: 8099)
        #expect(message?.contains("--tls-port 8099 is also the HTTP port") == true)
    }

    @Test func aFolderThatCannotBeMadeNamesItself() throws {
        let message = try #require(try Self.refusal(["file": "x"]) { TLSSettings(port: 0, directory: $0 + "/file/tls") })
        #expect(message.contains("/file/tls: cannot make the folder"), "\(message)")
    }

    @Test(arguments: [
        ("ca.pem", "not a certificate", "ca.pem: holds no PEM certificate"),
        (
            "ca-key.pem", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
            "ca-key.pem: its private key cannot be read"
        ),
    ])
    func aCorruptedCAIsRefusedAndLeftAsItIs(file: String, content: String, expected: String) throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}"])
        defer { folder.remove() }
        var configuration = MockServerConfiguration(screensDirectory: folder.screens, port: 0)
        configuration.tls = TLSSettings(port: 0, directory: folder.root + "/tls")
        _ = try MockServer(configuration: configuration)
        let path = folder.root + "/tls/" + file
        try content.write(toFile: path, atomically: false, encoding: .utf8)
        let other = folder.root + "/tls/" + (file == "ca.pem" ? "ca-key.pem" : "ca.pem")
        let otherBefore = try Data(contentsOf: URL(fileURLWithPath: other))
        #expect {
            _ = try MockServer(configuration: configuration)
        } throws: { error in
            guard case .invalidTLS(let message) = error as? MockServerError else { return false }
            return message.contains(expected)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == content)
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == otherBefore)
    }

    @Test func aCAWithoutItsKeyIsRefusedAndNotReplaced() throws {
        let folder = try TemporaryScreens(["screens/home.json": "{}"])
        defer { folder.remove() }
        var configuration = MockServerConfiguration(screensDirectory: folder.screens, port: 0)
        configuration.tls = TLSSettings(port: 0, directory: folder.root + "/tls")
        _ = try MockServer(configuration: configuration)
        let certificate = try String(contentsOfFile: folder.root + "/tls/ca.pem", encoding: .utf8)
        try FileManager.default.removeItem(atPath: folder.root + "/tls/ca-key.pem")
        #expect(throws: MockServerError.self) { _ = try MockServer(configuration: configuration) }
        #expect(try String(contentsOfFile: folder.root + "/tls/ca.pem", encoding: .utf8) == certificate)
        #expect(!FileManager.default.fileExists(atPath: folder.root + "/tls/ca-key.pem"))
    }

    @Test(arguments: ["bad name", "-x.test", "a..b", "1.2.3.4.5"])
    func aNameThatIsNeitherHostNorAddressIsRefused(name: String) throws {
        let message = try #require(try Self.refusal([:]) { TLSSettings(port: 0, directory: $0 + "/tls", names: [name]) })
        #expect(message.contains("--tls-name '\(name)' is neither a host name"), "\(message)")
    }

    @Test(
        arguments: [
            ("127.0.0.1", [127, 0, 0, 1]), ("::1", [UInt8](repeating: 0, count: 15) + [1]),
            ("fe80::1:2", [0xFE, 0x80] + [UInt8](repeating: 0, count: 10) + [0, 1, 0, 2]),
            ("::ffff:10.0.2.2", [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 10, 0, 2, 2]),
        ] as [(String, [UInt8])])
    func addressesAreReadAsTheirBytes(text: String, bytes: [UInt8]) {
        #expect(CertificateNames.addressBytes(text) == bytes)
    }

    @Test(arguments: ["256.1.1.1", "1.2.3", "1::2::3", "12345::", "mock.test", "01234.1.1.1"])
    func otherTextIsNoAddress(text: String) {
        #expect(CertificateNames.addressBytes(text) == nil)
    }
}
