import Foundation
import Testing

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(1))) struct ImageDownloaderTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    @Test func imageDownloaderHandsBackTheBodyThroughTheUrlBuilder() async throws {
        let network = FakeNetworkClient { request in
            .respond(.success(FakeNetworkClient.ok(Self.png, for: request)))
        }
        let downloader = ImageDownloader(
            networkClient: network,
            urlBuilder: UrlBuilder(baseUrl: URL(string: "http://127.0.0.1:8080")),
            completionQueue: .global()
        )
        let data = try await downloader.fetchImage(url: "/images/beach.png")
        #expect(data == Self.png)
        #expect(network.requests.first?.url.absoluteString == "http://127.0.0.1:8080/images/beach.png")
        #expect(network.requests.first?.additionalData == nil)
    }

    @Test func fiftyConcurrentRequestsForOneImageMakeOneDownload() async throws {
        let upstream = FakeImageDownloader()
        let downloader = CachingImageDownloader(upstream: upstream, completionQueue: .global())
        let results = Recorder<Result<Data, Request.Error>>()

        DispatchQueue.concurrentPerform(iterations: 50) { _ in
            downloader.fetchImage(url: "/images/beach.png", additionalData: nil) { results.record($0) }
        }
        #expect(upstream.fetchCount == 1)
        upstream.complete("/images/beach.png", with: .success(Self.png))

        let delivered = await results.wait(for: 50)
        #expect(delivered.count == 50)
        #expect(delivered.allSatisfy { (try? $0.get()) == Self.png })

        // Now cached: answered synchronously, without a download.
        let cached = Recorder<Result<Data, Request.Error>>()
        let token = downloader.fetchImage(url: "/images/beach.png", additionalData: nil) { cached.record($0) }
        #expect(token == nil)
        #expect((try? cached.values.first?.get()) == Self.png)
        #expect(upstream.fetchCount == 1)
    }

    @Test func differentImagesAreDifferentDownloads() async throws {
        let upstream = FakeImageDownloader()
        let downloader = CachingImageDownloader(upstream: upstream, completionQueue: .global())
        let results = Recorder<Result<Data, Request.Error>>()
        downloader.fetchImage(url: "/a.png", additionalData: nil) { results.record($0) }
        downloader.fetchImage(url: "/b.png", additionalData: nil) { results.record($0) }
        downloader.fetchImage(url: "/a.png", additionalData: HttpAdditionalData(headers: ["Authorization": "t"])) {
            results.record($0)
        }
        #expect(upstream.fetchCount == 3)
    }

    @Test func cancellingOneWaiterLeavesTheOthersWaiting() async throws {
        let upstream = FakeImageDownloader()
        let downloader = CachingImageDownloader(upstream: upstream, completionQueue: .global())
        let first = Recorder<Result<Data, Request.Error>>()
        let second = Recorder<Result<Data, Request.Error>>()
        let token = downloader.fetchImage(url: "/a.png", additionalData: nil) { first.record($0) }
        downloader.fetchImage(url: "/a.png", additionalData: nil) { second.record($0) }

        token?.cancel()
        let cancelled = try #require(await first.first())
        #expect(cancelled.failure?.networkFailure == .cancelled)

        upstream.complete("/a.png", with: .success(Self.png))
        #expect((try? await second.first()?.get()) == Self.png)
        #expect(upstream.cancels.values.isEmpty)
        // The cancelled waiter is not called a second time.
        #expect(first.values.count == 1)
    }

    @Test func theDownloadIsCancelledOnlyWhenEveryWaiterCancels() async throws {
        let upstream = FakeImageDownloader()
        let downloader = CachingImageDownloader(upstream: upstream, completionQueue: .global())
        let results = Recorder<Result<Data, Request.Error>>()
        let tokens = (0..<3).compactMap { _ in
            downloader.fetchImage(url: "/a.png", additionalData: nil) { results.record($0) }
        }
        #expect(tokens.count == 3)
        tokens[0].cancel()
        tokens[1].cancel()
        _ = await results.wait(for: 2)
        #expect(upstream.cancels.values.isEmpty)
        tokens[2].cancel()
        #expect(await upstream.cancels.wait(for: 1) == ["/a.png"])
        let all = await results.wait(for: 3)
        #expect(all.allSatisfy { $0.failure?.networkFailure == .cancelled })

        // A new request after that starts a new download.
        downloader.fetchImage(url: "/a.png", additionalData: nil) { results.record($0) }
        #expect(upstream.fetchCount == 2)
    }

    @Test func failuresReachEveryWaiterAndAreNotCached() async throws {
        let upstream = FakeImageDownloader()
        let downloader = CachingImageDownloader(upstream: upstream, completionQueue: .global())
        let results = Recorder<Result<Data, Request.Error>>()
        downloader.fetchImage(url: "/a.png", additionalData: nil) { results.record($0) }
        downloader.fetchImage(url: "/a.png", additionalData: nil) { results.record($0) }
        upstream.complete("/a.png", with: .failure(.urlBuilderError))
        let failures = await results.wait(for: 2)
        #expect(failures.allSatisfy { $0.failure != nil })
        #expect(!downloader.isCached(url: "/a.png"))
        downloader.fetchImage(url: "/a.png", additionalData: nil) { results.record($0) }
        #expect(upstream.fetchCount == 2)
    }

    @Test func theCacheEvictsTheLeastRecentlyUsedImagesBySize() async throws {
        let upstream = FakeImageDownloader()
        let downloader = CachingImageDownloader(upstream: upstream, memoryCapacity: 100, completionQueue: .global())
        func load(_ url: String, bytes: Int) async throws {
            let results = Recorder<Result<Data, Request.Error>>()
            downloader.fetchImage(url: url, additionalData: nil) { results.record($0) }
            upstream.complete(url, with: .success(Data(repeating: 1, count: bytes)))
            _ = try await results.first()?.get()
        }
        try await load("/a.png", bytes: 40)
        try await load("/b.png", bytes: 40)
        // Touch a, so b is the least recently used.
        _ = try await downloader.fetchImage(url: "/a.png")
        try await load("/c.png", bytes: 40)

        #expect(downloader.isCached(url: "/a.png"))
        #expect(!downloader.isCached(url: "/b.png"))
        #expect(downloader.isCached(url: "/c.png"))
        #expect(downloader.cachedBytes == 80)

        // An image larger than the whole cache is delivered but not kept.
        try await load("/huge.png", bytes: 101)
        #expect(!downloader.isCached(url: "/huge.png"))
        #expect(downloader.cachedBytes == 80)
    }

    @Test func lruCacheKeepsRecencyAndCost() {
        var cache = LRUCache<String, Int>(costLimit: 10)
        cache.insert(1, forKey: "a", cost: 4)
        cache.insert(2, forKey: "b", cost: 4)
        #expect(cache.keysByRecentUse == ["b", "a"])
        #expect(cache.value(forKey: "a") == 1)
        #expect(cache.keysByRecentUse == ["a", "b"])
        #expect(cache.insert(3, forKey: "c", cost: 4) == ["b"])
        #expect(cache.keysByRecentUse == ["c", "a"])
        #expect(cache.totalCost == 8)
        // Replacing a key replaces its cost.
        cache.insert(4, forKey: "a", cost: 6)
        #expect(cache.totalCost == 10)
        #expect(cache.keysByRecentUse == ["a", "c"])
        #expect(cache.insert(5, forKey: "d", cost: 11) == [])
        #expect(cache.count == 2)
        #expect(cache.removeValue(forKey: "c") == 3)
        #expect(cache.keysByRecentUse == ["a"])
        cache.removeAll()
        #expect(cache.count == 0 && cache.totalCost == 0)
    }
}
