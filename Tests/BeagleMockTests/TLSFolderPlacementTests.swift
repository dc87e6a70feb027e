import Foundation
import MockTestSupport
import NIOSSL
import Testing

@testable import BeagleMock
@testable import BeagleMockEngine

/// Nothing inside the TLS folder, nor a key given with `--tls-key`, is ever served or listed,
/// wherever it lies; keys end 0600; TLS 1.2 is the least version (SPEC, "Limits that hold under
/// hostile input"; Docs/HTTPS.md, "Where the keys live").
@Suite struct TLSFolderPlacementTests {
    static let files = [
        "screens/home.json": #"{"_beagleComponent_":"beagle:text","text":"home"}"#,
        "images/logo.png": "not really a png",
    ]
    static let keyFiles = ["ca-key.pem", "server-key.pem", "ca.pem", "server.pem"]

    /// The settings table's own example, `tls: {dir: tls}` run from inside the screens folder.
    @Test func aTLSFolderInsideTheScreensFolderIsNeitherServedNorListed() async throws {
        try await withMockServer(files: Self.files) { configuration in
            configuration.tls = TLSSettings(port: 0, directory: configuration.screensDirectory + "/tls")
        } _: { server, _ in
            for name in Self.keyFiles {
                let answer = try #require(try await HTTPProbe.request(port: server.port, target: "/tls/" + name))
                #expect(answer.status == 404, "/tls/\(name)")
                #expect(!answer.text.contains("PRIVATE KEY"))
            }
            #expect(try await HTTPProbe.request(port: server.port, target: "/home")?.status == 200)
            let routes = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/routes"))
            #expect(routes.status == 200)
            #expect(!routes.text.contains("tls/"), "\(routes.text)")
            let warnings = server.server.tlsPlacementWarnings
            #expect(warnings.count == 1)
            #expect(warnings.first?.contains("is inside the screens folder") == true, "\(warnings)")
        }
    }

    /// Whether HTTPS is on or not: the folder may hold a CA's key from an earlier run.
    @Test func aTLSFolderInsideTheImagesFolderIsWithheldWithHTTPSOff() async throws {
        var files = Self.files
        files["images/tls/ca-key.pem"] = "-----BEGIN PRIVATE KEY-----\nsecret\n-----END PRIVATE KEY-----\n"
        try await withMockServer(files: files) { configuration in
            configuration.tls = TLSSettings(directory: configuration.screensDirectory + "/../images/tls")
        } _: { server, _ in
            let answer = try #require(try await HTTPProbe.request(port: server.port, target: "/images/tls/ca-key.pem"))
            #expect(answer.status == 404)
            #expect(try await HTTPProbe.request(port: server.port, target: "/images/logo.png")?.status == 200)
            #expect(server.server.tlsPlacementWarnings.first?.contains("is inside the images folder") == true)
        }
    }

    /// A key reached under another name: a hard link in the screens folder, or `--tls-key` itself.
    @Test func aKeyUnderAnotherNameIsWithheld() async throws {
        var files = Self.files
        files["screens/given-key.pem"] = TestCertificates.serverKey
        files["screens/given.pem"] = TestCertificates.server
        try await withMockServer(files: files) { configuration in
            let screens = configuration.screensDirectory
            configuration.tls = TLSSettings(port: 0, certificateFile: screens + "/given.pem", keyFile: screens + "/given-key.pem")
        } _: { server, folder in
            #expect(try await HTTPProbe.request(port: server.port, target: "/given-key.pem")?.status == 404)
            try FileManager.default.linkItem(atPath: folder.screens + "/given-key.pem", toPath: folder.screens + "/copy.pem")
            #expect(try await HTTPProbe.request(port: server.port, target: "/copy.pem")?.status == 404)
            #expect(server.server.tlsPlacementWarnings.contains { $0.contains("given-key.pem is inside the screens folder") })
        }
    }

    /// The local CA's key, hard-linked into the screens folder from a TLS folder outside it.
    @Test func aHardLinkOfTheCAKeyIsWithheld() async throws {
        try await withMockServer(files: Self.files) { configuration in
            configuration.tls = TLSSettings(port: 0, directory: configuration.screensDirectory + "/../tls")
        } _: { server, folder in
            try FileManager.default.linkItem(atPath: folder.root + "/tls/ca-key.pem", toPath: folder.screens + "/ca-key.pem")
            #expect(try await HTTPProbe.request(port: server.port, target: "/ca-key.pem")?.status == 404)
            #expect(server.server.tlsPlacementWarnings.isEmpty)
        }
    }

    @Test func agentsWriteNeitherIntoTheTLSFolderNorTemplates() throws {
        let folder = try TemporaryScreens(Self.files)
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.screens + "/tls", withIntermediateDirectories: false)
        let screens = try #require(ContainedRoot(directory: folder.screens))
        let withheld = WithheldPaths(folders: [folder.screens + "/tls"], files: [], roots: [screens.path])
        let writer = ScreenWriter(served: ServedFiles(screens: screens, images: nil, configPath: nil, withheld: withheld))
        let screen = #"{"_beagleComponent_":"beagle:text","text":"x"}"#
        #expect(throws: ScreenWriter.Refusal.self) { try writer.write(screen, to: "tls/new.json") }
        #expect(!FileManager.default.fileExists(atPath: folder.screens + "/tls/new.json"))
        do {
            _ = try writer.write(#"{"_beagleComponent_":"beagle:text","text":"{{request.path}}"}"#, to: "template.json")
            Issue.record("a screen with {{ was written")
        } catch {
            #expect(error.message.contains("template"), "\(error.message)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.screens + "/template.json"))
    }

    /// An existing CA whose key others can read, in a folder others can write to: the key is made
    /// 0600 and both are told; `ca` does the same.
    @Test func looseKeysAreMadePrivateAndAnOpenFolderIsWarnedOf() async throws {
        let folder = try TemporaryScreens(Self.files)
        defer { folder.remove() }
        let tls = folder.root + "/tls"
        _ = try LocalCertificateAuthority.openOrCreate(directory: tls)
        #expect(chmod(tls + "/ca-key.pem", 0o644) == 0)
        #expect(chmod(tls, 0o777) == 0)
        let opened = try LocalCertificateAuthority.openOrCreate(directory: tls)
        #expect(HTTPSTests.mode(tls + "/ca-key.pem") == 0o600)
        #expect(opened.notices.contains { $0.contains("ca-key.pem was readable by others (mode 0644)") }, "\(opened.notices)")
        #expect(opened.notices.contains { $0.contains("can be written by others (mode 0777)") }, "\(opened.notices)")

        #expect(chmod(tls + "/server-key.pem", 0o640) == 0 || !FileManager.default.fileExists(atPath: tls + "/server-key.pem"))
        var configuration = MockServerConfiguration(screensDirectory: folder.screens, port: 0)
        configuration.tls = TLSSettings(port: 0, directory: tls)
        let server = try MockServer(configuration: configuration)
        #expect(HTTPSTests.mode(tls + "/server-key.pem") == 0o600)
        #expect(server.tls?.warnings.contains { $0.contains("can be written by others") } == true)
    }

    /// TLS 1.0 and 1.1, and TLS 1.2 with CBC suites only, are refused; a current client is served.
    @Test func legacyClientsAreRefusedAtTheHandshake() async throws {
        try await HTTPSTests.withHTTPS { server, folder, client in
            let tlsPort = try #require(server.tlsPort)
            let authority = try String(contentsOfFile: folder.root + "/tls/ca.pem", encoding: .utf8)
            let legacy = [
                try TLSClientSide(trustedPEM: authority, maximumVersion: .tlsv11),
                try TLSClientSide(trustedPEM: authority, maximumVersion: .tlsv1),
                try TLSClientSide(
                    trustedPEM: authority, maximumVersion: .tlsv12,
                    cipherSuites: "ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES256-SHA:ECDHE-RSA-AES128-SHA"),
            ]
            for old in legacy {
                let connection = try await RawConnection.connect(port: tlsPort, tls: old)
                try? await connection.send("GET /home HTTP/1.1\r\nHost: localhost\r\n\r\n")
                #expect(await connection.readResponse(timeout: .seconds(5)) == nil)
                await connection.close()
            }
            let tls12 = try TLSClientSide(trustedPEM: authority, maximumVersion: .tlsv12)
            #expect(try await HTTPProbe.request(port: tlsPort, target: "/home", tls: tls12)?.status == 200)
            #expect(try await HTTPProbe.request(port: tlsPort, target: "/home", tls: client)?.status == 200)
        }
    }
}
