import Foundation
import Testing

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The library's own deadline, which holds whatever the client underneath does.
@Suite(.timeLimit(.minutes(1))) struct DeadlineTests {
    static let url = URL(string: "http://127.0.0.1:8080/slow")

    func request() throws -> Request {
        Request(url: try #require(Self.url), additionalData: nil)
    }

    @Test func aClientThatNeverCompletesTimesOutAtTheDeadline() async throws {
        let client = FakeNetworkClient { _ in .neverComplete }
        let request = try request()
        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try await client.executeRequest(request, deadline: .milliseconds(300))
            Issue.record("a request that never completes succeeded")
        } catch {
            #expect(error.failure == .timeout)
            #expect(error.request.url == Self.url)
        }
        let elapsed = start.duration(to: clock.now)
        #expect(elapsed >= .milliseconds(300))
        #expect(elapsed < .seconds(10), "the deadline did not hold: \(elapsed)")
        // The loser is cancelled.
        #expect(await client.cancels.wait(for: 1).count == 1)
    }

    @Test func theCallbackFormTimesOutOnceAndIgnoresALateResponse() async throws {
        let client = FakeNetworkClient { _ in .hold }
        let outcomes = Recorder<NetworkClientDefault.NetworkResult>()
        client.executeRequest(try request(), deadline: .milliseconds(200)) { outcomes.record($0) }
        let first = try #require(await outcomes.first())
        #expect(first.failure?.failure == .timeout)

        // The response arriving after the deadline is dropped.
        client.completePending { .success(FakeNetworkClient.ok(Data("late".utf8), for: $0)) }
        #expect(outcomes.values.count == 1)
    }

    @Test func aResponseBeforeTheDeadlineWins() async throws {
        let client = FakeNetworkClient { .respond(.success(FakeNetworkClient.ok(Data("ok".utf8), for: $0))) }
        let response = try await client.executeRequest(try request(), deadline: .seconds(30))
        #expect(response.data == Data("ok".utf8))
        #expect(client.cancels.values.isEmpty)
    }

    @Test func cancellingTheTokenCompletesOnceWithCancelled() async throws {
        let client = FakeNetworkClient { _ in .neverComplete }
        let outcomes = Recorder<NetworkClientDefault.NetworkResult>()
        let token = client.executeRequest(try request(), deadline: .seconds(30)) { outcomes.record($0) }
        token.cancel()
        token.cancel()
        let first = try #require(await outcomes.first())
        #expect(first.failure?.failure == .cancelled)
        #expect(await client.cancels.wait(for: 1).count == 1)
        #expect(outcomes.values.count == 1)
    }

    @Test func cancellingTheAwaitingTaskCancelsTheRequest() async throws {
        let client = FakeNetworkClient { _ in .neverComplete }
        let request = try request()
        let task = Task { try await client.executeRequest(request, deadline: nil) }
        _ = await client.received.first()
        task.cancel()
        let error = await task.result.failure as? NetworkError
        #expect(error?.failure == .cancelled)
        #expect(await client.cancels.wait(for: 1).count == 1)
    }

    @Test func aViewClientThatNeverCompletesTimesOutAtTheDeadline() async throws {
        let viewClient = ViewClient(
            networkClient: FakeNetworkClient { _ in .neverComplete },
            urlBuilder: UrlBuilder(baseUrl: URL(string: "http://127.0.0.1:8080")),
            completionQueue: .global()
        )
        do {
            _ = try await viewClient.fetch(url: "/slow", deadline: .milliseconds(200))
            Issue.record("a fetch that never completes succeeded")
        } catch {
            #expect(error.networkFailure == .timeout)
        }
    }

    @Test func anImageDownloadThatNeverCompletesTimesOutAtTheDeadline() async throws {
        let downloader = FakeImageDownloader()
        do {
            _ = try await downloader.fetchImage(url: "/images/slow.png", deadline: .milliseconds(200))
            Issue.record("a download that never completes succeeded")
        } catch {
            #expect(error.networkFailure == .timeout)
        }
        #expect(await downloader.cancels.wait(for: 1) == ["/images/slow.png"])
    }
}
