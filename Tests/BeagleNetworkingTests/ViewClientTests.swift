import Foundation
import Testing

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(1))) struct ViewClientTests {
    static let base = URL(string: "http://127.0.0.1:8080")
    static let home = #"{"_beagleComponent_":"beagle:screenComponent","child":{"_beagleComponent_":"beagle:text","text":"Home"}}"#
    static let details = #"{"_beagleComponent_":"beagle:container","children":[]}"#

    static func client(
        serving bodies: [String: String] = [
            "http://127.0.0.1:8080/home": home,
            "http://127.0.0.1:8080/details": details,
            "http://127.0.0.1:8080/broken": #"{"_beagleComponent_":"beagle:text""#,
        ]
    ) -> FakeNetworkClient {
        FakeNetworkClient.serving(bodies)
    }

    func viewClient(_ network: FakeNetworkClient?, queue: DispatchQueue = .global()) -> ViewClient {
        ViewClient(networkClient: network, urlBuilder: UrlBuilder(baseUrl: Self.base), completionQueue: queue)
    }

    @Test func fetchBuildsTheURLSendsTheRequestAndDecodes() async throws {
        let network = Self.client()
        let screen = try await viewClient(network).fetch(
            url: "/home", additionalData: HttpAdditionalData(method: .post, headers: ["a": "b"]))
        #expect(((screen as? Screen)?.child as? Text)?.text == .value("Home"))
        let sent = try #require(network.requests.first)
        #expect(sent.url.absoluteString == "http://127.0.0.1:8080/home")
        #expect(sent.additionalData?.method == .post)
    }

    @Test func aPrefetchedScreenIsTakenByTheNextFetchOnly() async throws {
        let network = Self.client()
        let viewClient = viewClient(network)

        // The fake answers synchronously, so the prefetched screen is stored when this returns.
        viewClient.prefetch(url: "/details", additionalData: nil)
        #expect(network.requestCount == 1)

        // Served from the cache: synchronously, with no token and no request.
        let outcome = Recorder<Result<any ServerDrivenComponent, Request.Error>>()
        let token = viewClient.fetch(url: "/details", additionalData: nil) { outcome.record($0) }
        #expect(token == nil)
        let cached = try #require(outcome.values.first)
        #expect((try? cached.get()) is Container)
        #expect(network.requestCount == 1)

        // Consumed: the next fetch goes to the network.
        let again = try await viewClient.fetch(url: "/details")
        #expect(again is Container)
        #expect(network.requestCount == 2)
    }

    @Test func thePrefetchCacheIsKeyedByTheURLAsGivenAndSharedByCopies() async throws {
        let network = Self.client()
        let original = viewClient(network)
        let copy = original
        try await original.prefetch(url: "/home", deadline: .seconds(10))
        // Another spelling of the same URL is another key.
        _ = try await copy.fetch(url: "http://127.0.0.1:8080/home")
        #expect(network.requestCount == 2)
        _ = try await copy.fetch(url: "/home")
        #expect(network.requestCount == 2)
    }

    @Test func prefetchingTwiceKeepsTheStoredScreen() throws {
        let network = Self.client()
        let viewClient = viewClient(network)
        viewClient.prefetch(url: "/home", additionalData: nil)
        viewClient.prefetch(url: "/home", additionalData: nil)
        #expect(network.requestCount == 1)
        #expect(viewClient.cache.contains("/home"))
    }

    @Test func failuresAreNotPrefetched() async throws {
        let network = Self.client()
        let viewClient = viewClient(network)
        viewClient.prefetch(url: "/missing", additionalData: nil)
        viewClient.prefetch(url: "/broken", additionalData: nil)
        #expect(viewClient.cache.count == 0)
        do {
            _ = try await viewClient.fetch(url: "/missing")
            Issue.record("a 404 was fetched")
        } catch {
            #expect(error.networkFailure == .httpStatus(code: 404, body: Data()))
        }
        #expect(network.requestCount == 3)
    }

    @Test func aBodyThatIsNotAScreenIsADecodingError() async {
        do {
            _ = try await viewClient(Self.client()).fetch(url: "/broken")
            Issue.record("a broken body decoded")
        } catch {
            guard case .decoding = error else {
                Issue.record("expected a decoding error, got \(error)")
                return
            }
        }
    }

    @Test func anUnbuildablePathAndAMissingClientFailAsInBeagle() async {
        let logger = RecordingLogger()
        let noClient = ViewClient(
            networkClient: nil, urlBuilder: UrlBuilder(baseUrl: Self.base), logger: logger, completionQueue: .global())
        do {
            _ = try await noClient.fetch(url: "/home")
            Issue.record("fetched without a client")
        } catch {
            guard case .networkClientWasNotConfigured = error else {
                Issue.record("expected networkClientWasNotConfigured, got \(error)")
                return
            }
        }
        do {
            _ = try await viewClient(Self.client()).fetch(url: "")
            Issue.record("fetched an empty path")
        } catch {
            guard case .urlBuilderError = error else {
                Issue.record("expected urlBuilderError, got \(error)")
                return
            }
        }
        #expect(logger.logs.values.first?.hasPrefix("Network|error|networkClientWasNotConfigured") == true)
    }

    @Test func completionsRunOnTheCompletionQueue() async throws {
        let marked = MarkedQueue("view-client-completions")
        let onQueue = Recorder<Bool>()
        viewClient(Self.client(), queue: marked.queue).fetch(url: "/home", additionalData: nil) { _ in
            onQueue.record(marked.isCurrent)
        }
        #expect(await onQueue.first() == true)
    }

    @Test func cachingViewClientServesEveryFetchedScreenFromItsCache() async throws {
        let network = Self.client()
        let cacheManager = MemoryCacheManager(countLimit: 10)
        let viewClient = CachingViewClient(
            networkClient: network,
            urlBuilder: UrlBuilder(baseUrl: Self.base),
            cacheManager: cacheManager,
            completionQueue: .global()
        )
        _ = try await viewClient.fetch(url: "/home")
        _ = try await viewClient.fetch(url: "/home")
        _ = try await viewClient.fetch(url: "/home")
        #expect(network.requestCount == 1)
        #expect(cacheManager.getComponent(for: "/home") is Screen)

        viewClient.prefetch(url: "/details", additionalData: nil)
        _ = try await viewClient.fetch(url: "/details")
        #expect(network.requestCount == 2)
    }

    @Test func memoryCacheManagerEvictsTheLeastRecentlyUsedAndExpiresOldScreens() throws {
        let cache = MemoryCacheManager(countLimit: 2)
        cache.insert(component: Text(text: .value("a")), url: "/a")
        cache.insert(component: Text(text: .value("b")), url: "/b")
        _ = cache.getComponent(for: "/a")
        cache.insert(component: Text(text: .value("c")), url: "/c")
        #expect(cache.getComponent(for: "/a") != nil)
        #expect(cache.getComponent(for: "/b") == nil)
        #expect(cache.getComponent(for: "/c") != nil)

        let expiring = MemoryCacheManager(maxAge: .zero)
        expiring.insert(component: Text(text: .value("a")), url: "/a")
        #expect(expiring.getComponent(for: "/a") == nil)
    }
}
