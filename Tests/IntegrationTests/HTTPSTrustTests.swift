import BeagleMock
import Foundation
import MockTestSupport
import Testing

/// The client library over HTTPS with URLSession, as an app meets the mock's local CA: trusted
/// where the CA is trusted (a child process with a private trust store), refused with
/// `untrustedCertificate` where it is not, and the host's trust store byte for byte as it was.
@Suite(.enabled(if: PrivateTrust.isAvailable, "needs unshare --mount (root) and Debian's CA bundle"))
struct HTTPSTrustTests {
    static let screen = #"{"_beagleComponent_":"beagle:text","text":"over HTTPS"}"#
    static let image = String(repeating: "pixels ", count: 100)

    @Test func screensAndImagesAreTrustedInAPrivateTrustStoreAndRefusedOutsideIt() async throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: PrivateTrust.bundle))
        try await withMockServer(files: ["screens/home.json": Self.screen, "images/logo.png": Self.image]) { configuration in
            configuration.tls = TLSSettings(port: 0, directory: configuration.screensDirectory + "/../tls")
        } _: { server, folder in
            let authority = folder.root + "/tls/ca.pem"
            let port = try #require(server.tlsPort)
            let screen = "https://localhost:\(port)/home"
            let image = "https://localhost:\(port)/images/logo.png"

            let trustedScreen = try await NetworkProbe.run(.viewclient, urls: [screen], trusting: authority)
            #expect(trustedScreen.first?.outcome == "success", "\(trustedScreen)")
            let trustedImage = try await NetworkProbe.run(.images, urls: [image], trusting: authority)
            #expect(trustedImage.first?.outcome == "success", "\(trustedImage)")
            #expect(trustedImage.first?.bytes == Self.image.utf8.count)

            for (client, url) in [(NetworkProbe.Client.viewclient, screen), (.images, image)] {
                let refused = try await NetworkProbe.run(client, urls: [url])
                #expect(refused.first?.failure == "untrustedCertificate", "\(client): \(refused)")
                #expect(refused.first?.message?.contains("certificate") == true, "\(refused)")
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: PrivateTrust.bundle)) == before)
    }
}
