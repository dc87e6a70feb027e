import Foundation
import MockTestSupport
import Testing

/// `serve --tls-port`, the config's `tls:` and `beagle-mock ca` as a user runs them, with curl as
/// the client (Docs/HTTPS.md).
@Suite struct HTTPSCommandTests {
    static let files = ["screens/home.json": #"{"_beagleComponent_":"beagle:text","text":"home"}"#]

    static func tlsPort(in output: String) -> Int? {
        guard let range = output.range(of: "HTTPS     https://127.0.0.1:") else { return nil }
        return Int(output[range.upperBound...].prefix { $0.isNumber })
    }

    /// Runs curl with `arguments`; its status and output.
    static func curl(_ arguments: [String]) async throws -> CommandRunner.Result {
        try await CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/curl"), ["--silent", "--show-error", "--max-time", "20"] + arguments)
    }

    @Test func serveListsTheHTTPSURLAndTheCAAndCurlTrustsItWithCacert() async throws {
        let folder = try TemporaryScreens(Self.files)
        defer { folder.remove() }
        let command = try await CommandRunner.start(
            ["serve", "screens", "--port", "0", "--tls-port", "0", "--tls-dir", "tls"], in: folder.root)
        #expect(await command.waitForOutput(containing: "Press Ctrl+C"))
        let output = command.output
        let port = try #require(CommandLineTests.port(in: output))
        let tlsPort = try #require(Self.tlsPort(in: output))
        #expect(output.contains("certificate from the local CA in tls/ca.pem"))
        #expect(output.contains("a new CA, made just now"))
        #expect(output.contains("CA        http://127.0.0.1:\(port)/__admin/ca.crt"))
        let trusted = try await Self.curl(["--cacert", folder.root + "/tls/ca.pem", "https://localhost:\(tlsPort)/home"])
        #expect(trusted.status == 0, "\(trusted.error)")
        #expect(trusted.output == Self.files["screens/home.json"])
        let untrusted = try await Self.curl(["https://localhost:\(tlsPort)/home"])
        #expect(untrusted.status == 60, "curl's code for a certificate it cannot verify: \(untrusted.status) \(untrusted.error)")
        command.signal(SIGTERM)
        #expect(await command.finish().status == 0)
    }

    @Test func theConfigFilesTLSKeyServesHTTPSAndTheEnvironmentGivesThePort() async throws {
        let folder = try TemporaryScreens(Self.files.merging(["screens/beagle-mock.yml": "tls: {dir: tls}\n"]) { $1 })
        defer { folder.remove() }
        // `dir` is relative to the working folder, like every path in the config.
        let command = try await CommandRunner.start(
            ["serve", "screens", "--port", "0"], in: folder.root, environment: ["BEAGLE_MOCK_TLS_PORT": "0"])
        #expect(await command.waitForOutput(containing: "Press Ctrl+C"))
        let tlsPort = try #require(Self.tlsPort(in: command.output), "\(command.output)")
        let fetched = try await Self.curl(["--cacert", folder.root + "/tls/ca.pem", "https://127.0.0.1:\(tlsPort)/home"])
        #expect(fetched.output == Self.files["screens/home.json"], "\(fetched.error)")
        command.signal(SIGTERM)
        _ = await command.finish()
    }

    @Test func caPrintsThePathTheFingerprintAndHowToTrustItAndMakesTheCAOnce() async throws {
        let folder = try TemporaryScreens()
        defer { folder.remove() }
        let first = try await CommandRunner.run(["ca", "--tls-dir", folder.root + "/tls"])
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.contains("made just now"))
        #expect(first.output.contains("Certificate  \(folder.root)/tls/ca.pem"))
        for guide in [
            "xcrun simctl keychain booted add-root-cert", "Certificate Trust Settings", "network_security_config.xml",
            "<debug-overrides>", "certutil -d sql:$HOME/.pki/nssdb", "add-trusted-cert", "curl --cacert", "NODE_EXTRA_CA_CERTS",
            "SSL_CERT_FILE",
        ] {
            #expect(first.output.contains(guide), "\(guide)")
        }
        let fingerprint = try #require(first.output.split(separator: "\n").first { $0.contains("SHA-256") })
        let second = try await CommandRunner.run(["ca", "--tls-dir", folder.root + "/tls"])
        #expect(!second.output.contains("made just now"))
        #expect(second.output.contains(fingerprint))
        let pem = try await CommandRunner.run(["ca", "--tls-dir", folder.root + "/tls", "--pem"])
        #expect(pem.output == (try String(contentsOfFile: folder.root + "/tls/ca.pem", encoding: .utf8)))
        #expect(!first.output.contains("PRIVATE KEY") && !pem.output.contains("PRIVATE KEY"))
    }

    @Test(arguments: [
        (["--tls-port", "0", "--tls-cert", "missing.pem", "--tls-key", "missing-key.pem"], "missing.pem: does not exist"),
        (["--tls-port", "99999"], "--tls-port 99999 is not a port number"),
        (["--port", "8111", "--tls-port", "8111"], "--tls-port 8111 is also the HTTP port"),
        (["--tls-port", "0", "--tls-dir", "screens/home.json/tls"], "cannot make the folder"),
    ])
    func badTLSInputIsOneLineAndExitCodeTwo(arguments: [String], expected: String) async throws {
        let folder = try TemporaryScreens(Self.files)
        defer { folder.remove() }
        let result = try await CommandRunner.run(["serve", "screens"] + arguments, in: folder.root)
        #expect(result.status == 2)
        #expect(result.error.contains(expected), "\(result.error)")
    }
}
