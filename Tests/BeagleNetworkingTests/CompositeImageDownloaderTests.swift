import Foundation
import Testing

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(1))) struct CompositeImageDownloaderTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF])

    @Test func theFirstLinkThatCanHandleTheRequestWins() async throws {
        let images = FakeImageDownloader { $0.hasSuffix(".png") }
        let everything = FakeImageDownloader()
        let composite = CompositeImageDownloader([images, everything], completionQueue: .global())

        composite.fetchImage(url: "/a.png", additionalData: nil) { _ in }
        composite.fetchImage(url: "/b.jpg", additionalData: nil) { _ in }
        #expect(images.fetches.values == ["/a.png"])
        #expect(everything.fetches.values == ["/b.jpg"])
    }

    @Test func standardChainReadsDataURLsForReal() async throws {
        let remote = FakeImageDownloader()
        let composite = CompositeImageDownloader.standard(remote: remote, completionQueue: .global())
        let base64 = "data:image/png;base64,\(Self.png.base64EncodedString())"
        #expect(try await composite.fetchImage(url: base64) == Self.png)
        #expect(try await composite.fetchImage(url: "data:,Hello%2C%20World%21%FF") == Data("Hello, World!".utf8) + [0xFF])
        #expect(try await composite.fetchImage(url: "DATA:text/plain;charset=utf-8,caf%C3%A9") == Data("café".utf8))
        do {
            _ = try await composite.fetchImage(url: "data:image/png;base64,@@@")
            Issue.record("invalid base64 decoded")
        } catch {
            guard case .invalidRequest? = error.networkFailure else {
                Issue.record("expected invalidRequest, got \(error)")
                return
            }
        }
        #expect(remote.fetchCount == 0)
    }

    @Test func standardChainReadsFileURLsForReal() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("beagle-\(UUID().uuidString).png")
        try Self.png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let remote = FakeImageDownloader()
        let composite = CompositeImageDownloader.standard(remote: remote, completionQueue: .global())
        #expect(try await composite.fetchImage(url: file.absoluteString) == Self.png)

        do {
            _ = try await composite.fetchImage(url: file.appendingPathExtension("missing").absoluteString)
            Issue.record("a missing file was read")
        } catch {
            guard case .transport? = error.networkFailure else {
                Issue.record("expected a transport failure, got \(error)")
                return
            }
        }
        #expect(remote.fetchCount == 0)
    }

    @Test func standardChainSendsHttpHttpsAndBffPathsToTheRemoteLink() async throws {
        let remote = FakeImageDownloader()
        let composite = CompositeImageDownloader.standard(remote: remote, completionQueue: .global())
        for url in ["http://127.0.0.1:8080/a.png", "HTTPS://cdn.example.com/b.png", "/images/c.png"] {
            #expect(composite.canHandle(url: url, additionalData: nil), "\(url)")
            composite.fetchImage(url: url, additionalData: nil) { _ in }
        }
        #expect(remote.fetches.values == ["http://127.0.0.1:8080/a.png", "HTTPS://cdn.example.com/b.png", "/images/c.png"])
    }

    @Test func aSchemeNoLinkHandlesIsUnsupported() async throws {
        let composite = CompositeImageDownloader.standard(remote: FakeImageDownloader(), completionQueue: .global())
        #expect(!composite.canHandle(url: "ftp://host/a.png", additionalData: nil))
        do {
            _ = try await composite.fetchImage(url: "ftp://host/a.png")
            Issue.record("an ftp URL was fetched")
        } catch {
            #expect(error.networkFailure == .unsupportedURL)
        }
    }

    @Test func compositesNest() async throws {
        let inner = FakeImageDownloader { $0.hasPrefix("/cdn/") }
        let outer = CompositeImageDownloader(
            [CompositeImageDownloader([inner]), DataURLImageDownloader(completionQueue: .global())],
            completionQueue: .global()
        )
        #expect(outer.canHandle(url: "/cdn/a.png", additionalData: nil))
        #expect(!outer.canHandle(url: "/other/a.png", additionalData: nil))
        outer.fetchImage(url: "/cdn/a.png", additionalData: nil) { _ in }
        #expect(inner.fetches.values == ["/cdn/a.png"])
    }

    @Test func urlSchemesFollowRFC3986() {
        #expect("http://a".urlScheme == "http")
        #expect("Data:,x".urlScheme == "data")
        #expect("/images/a:b.png".urlScheme == nil)
        #expect("images/a.png".urlScheme == nil)
        #expect("1http://a".urlScheme == nil)
    }
}
