import ArgumentParser
import BeagleMock
import Foundation

/// `beagle-mock ca`: where the local CA is, its fingerprint, and how to trust it on each kind of
/// client (Docs/HTTPS.md).
struct CACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ca",
        abstract: "Show the local CA that signs the HTTPS certificate, and how to trust it.",
        discussion: """
            `serve --tls-port` makes the CA on first use; this command makes it too when there is none, so \
            that devices can trust it before the first run. The CA's private key never leaves its folder.

            Examples:
              beagle-mock ca                           the CA in ~/.beagle-mock/tls
              beagle-mock ca --tls-dir ./tls           the CA kept in ./tls
              beagle-mock ca --pem > ca.pem            the certificate alone, in PEM
            """
    )

    @Option(help: "Where the local CA is kept (default ~/.beagle-mock/tls).", completion: .directory)
    var tlsDir: String?

    @Flag(help: "Print the CA certificate alone, in PEM.")
    var pem = false

    func run() throws {
        let opened: LocalCertificateAuthority.Opened
        do {
            opened = try LocalCertificateAuthority.openOrCreate(directory: tlsDir)
        } catch {
            Console.error("beagle-mock: \(error)")
            throw ExitCode(2)
        }
        for notice in opened.notices { Console.error("warning: \(notice)") }
        let authority = opened.authority
        if pem {
            print(authority.pemText, terminator: "")
            return
        }
        Console.out(Self.guide(authority, created: opened.created))
    }

    /// What `ca` prints.
    static func guide(_ authority: LocalCertificateAuthority, created: Bool) -> String {
        let path = authority.certificatePath
        let made = created ? "made just now" : "made \(PEMText.day(authority.notValidBefore))"
        return """
            beagle-mock local CA (\(made))
              Certificate  \(path)
              SHA-256      \(authority.fingerprint)
              Valid until  \(PEMText.day(authority.notValidAfter))
              Served at    http://HOST:PORT/__admin/ca.crt (DER) and /__admin/ca.pem by a running serve --tls-port

            Trust it once where your app runs; the server's certificate changes, the CA does not.

              iOS simulator    xcrun simctl keychain booted add-root-cert \(path)
              iPhone, iPad     open http://HOST:PORT/__admin/ca.crt in Safari and allow the profile; install it in
                               Settings > General > VPN & Device Management; then turn it on in
                               Settings > General > About > Certificate Trust Settings
              Android          copy \(path) to the app's res/raw/beagle_mock_ca.pem and add, for debug builds,
                               res/xml/network_security_config.xml:
                                 <?xml version="1.0" encoding="utf-8"?>
                                 <network-security-config>
                                     <debug-overrides>
                                         <trust-anchors>
                                             <certificates src="@raw/beagle_mock_ca" />
                                             <certificates src="system" />
                                         </trust-anchors>
                                     </debug-overrides>
                                 </network-security-config>
                               with android:networkSecurityConfig="@xml/network_security_config" on <application>
                               in AndroidManifest.xml (the emulator reaches this machine at 10.0.2.2)
              macOS            sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain \(path)
              Chrome on Linux  certutil -d sql:$HOME/.pki/nssdb -A -t C,, -n beagle-mock -i \(path)
                               (Debian and Ubuntu: apt install libnss3-tools; restart Chrome)
              curl             curl --cacert \(path) https://127.0.0.1:8443/__admin/health
              Node             NODE_EXTRA_CA_CERTS=\(path) node app.js
              Python           SSL_CERT_FILE=\(path) python3 app.py   (requests: REQUESTS_CA_BUNDLE=\(path))
            """
    }
}
