import BeagleMock
import BeagleNetworking
import Foundation
import MockTestSupport
import Synchronization
import Testing

/// What BeagleNetworking promises beyond single requests, counted on the live server twice: by its
/// request journal (`GET /__admin/requests`), and by its access log, one line per request
/// answered, read through a `LogCapture`.
@Suite struct ClientBehaviourTests {
    /// The requests the journal holds for `path`.
    static func journalled(_ path: String, server: RunningMockServer) async throws -> Int {
        let answer = try #require(try await HTTPProbe.request(port: server.port, target: "/__admin/requests?path=\(path)"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        return try #require(object["requests"] as? [Any]).count
    }

    /// Waits until the server has logged a request for `/__sentinel`, sent after everything else:
    /// any request the client sent before it has been answered, and logged, by then.
    static func drain(_ log: LogCapture, server: RunningMockServer) async throws {
        _ = try await HTTPProbe.request(port: server.port, target: "/__sentinel")
        #expect(await log.waitForRequests(path: "/__sentinel", count: 1))
    }

    @Test func prefetchThenFetchMakesOneRequest() async throws {
        let log = LogCapture()
        try await withMockServer(files: Fixtures.files, configure: { $0.logger = log.logger }) { server, _ in
            let clients = try Fixtures.clients(port: server.port)
            try await clients.view.prefetch(url: "/details", deadline: .seconds(20))
            #expect(await log.waitForRequests(path: "/details", count: 1))

            let screen = try await clients.view.fetch(url: "/details")
            #expect(Fixtures.text(of: screen) == "details")
            try await Self.drain(log, server: server)
            #expect(log.requests(path: "/details").count == 1)
            #expect(try await Self.journalled("/details", server: server) == 1)

            // The prefetched screen is used once: the next fetch goes to the server again.
            _ = try await clients.view.fetch(url: "/details")
            #expect(await log.waitForRequests(path: "/details", count: 2))
        }
    }

    @Test func fiftyConcurrentImageRequestsMakeOneDownload() async throws {
        let log = LogCapture()
        try await withMockServer(files: Fixtures.files, configure: { $0.logger = log.logger }) { server, folder in
            try Fixtures.writeImages(to: folder)
            let clients = try Fixtures.clients(port: server.port)
            let images = CachingImageDownloader(
                upstream: ImageDownloader(networkClient: clients.network, urlBuilder: clients.urlBuilder))
            // The download takes 300 ms, so every request below joins it while it is in flight.
            let url = "/images/pixel.png?__latency=300ms"
            let joined = Counter()
            let downloads = try await withThrowingTaskGroup(of: Data.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        try await withCheckedThrowingContinuation { continuation in
                            let token = images.fetchImage(url: url, additionalData: nil) { result in
                                continuation.resume(with: result)
                            }
                            if token != nil { joined.increment() }
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(downloads.count == 50)
            #expect(downloads.allSatisfy { $0 == Fixtures.pixel })
            #expect(joined.value == 50, "every request joined the download in flight, none hit the cache")
            try await Self.drain(log, server: server)
            #expect(log.requests(path: "/images/pixel.png").count == 1)
            #expect(try await Self.journalled("/images/pixel.png", server: server) == 1)
            #expect(images.isCached(url: url))
        }
    }

    /// A token's cancel aborts the request on the wire: the completion says `cancelled` at
    /// once, and the client closes its connection, long before the 30 s latency is over (the
    /// bounds leave a loaded machine seconds and still tell an abort from a wait). The
    /// request's arrival is awaited through a `TCPTap` (the access log writes its line only when
    /// a request ends, and the journal has not landed yet).
    @Test func cancellingATokenAbortsTheRequest() async throws {
        try await withMockServer(files: Fixtures.files, configure: { $0.shutdownGracePeriod = .seconds(1) }) { server, _ in
            try await withTCPTap(forwardingTo: server.port) { tap in
                let clients = try Fixtures.clients(port: tap.port, session: Fixtures.makeSession())
                let clock = ContinuousClock()
                let (outcomes, continuation) = AsyncStream<Result<any ServerDrivenComponent, Request.Error>>.makeStream()
                let token = clients.view.fetch(
                    url: "/slow", additionalData: HttpAdditionalData(headers: ["X-Mock-Latency": "30s"])
                ) { result in
                    continuation.yield(result)
                    continuation.finish()
                }
                let arrived = await tap.wait { $0.sentText.contains("GET /slow HTTP/1.1") && $0.sentText.contains("\r\n\r\n") }
                try #require(arrived, "the request never reached the server")
                let cancelled = clock.now
                try #require(token != nil)
                token?.cancel()

                var outcome: Result<any ServerDrivenComponent, Request.Error>?
                for await result in outcomes { outcome = result }
                let reported = clock.now - cancelled
                guard case .failure(let error)? = outcome else {
                    Issue.record("expected a failure, got \(String(describing: outcome))")
                    return
                }
                #expect(error.networkFailure == .cancelled, "got \(error)")
                #expect(reported < .seconds(10), "cancelled reported after \(reported)")

                // The abort reaches the wire: the client closes the connection it sent the request on.
                let closed = await tap.wait(timeout: .seconds(10)) { $0.connections.allSatisfy(\.clientClosed) }
                #expect(closed, "the client kept the connection open after cancelling")
                #expect(clock.now - cancelled < .seconds(15))
            }
        }
    }

    /// Cancelling the task awaiting a fetch cancels the request too.
    @Test func cancellingTheAwaitingTaskAbortsTheRequest() async throws {
        try await withMockServer(files: Fixtures.files, configure: { $0.shutdownGracePeriod = .seconds(1) }) { server, _ in
            try await withTCPTap(forwardingTo: server.port) { tap in
                let clients = try Fixtures.clients(port: tap.port, session: Fixtures.makeSession())
                let fetch = Task {
                    try await clients.view.fetch(
                        url: "/slow", additionalData: HttpAdditionalData(headers: ["X-Mock-Latency": "30s"]))
                }
                let arrived = await tap.wait { $0.sentText.contains("GET /slow HTTP/1.1") && $0.sentText.contains("\r\n\r\n") }
                try #require(arrived, "the request never reached the server")
                let clock = ContinuousClock()
                let cancelled = clock.now
                fetch.cancel()
                let result = await fetch.result
                #expect(clock.now - cancelled < .seconds(10))
                guard case .failure(let error as Request.Error) = result else {
                    Issue.record("expected a Request.Error, got \(result)")
                    return
                }
                #expect(error.networkFailure == .cancelled, "got \(error)")
                #expect(await tap.wait(timeout: .seconds(10)) { $0.connections.allSatisfy(\.clientClosed) })
            }
        }
    }
}

/// A count shared between tasks.
final class Counter: Sendable {
    private let count = Mutex(0)

    func increment() { count.withLock { $0 += 1 } }

    var value: Int { count.withLock { $0 } }
}
