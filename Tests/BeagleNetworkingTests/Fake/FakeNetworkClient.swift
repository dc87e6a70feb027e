import Foundation

@testable import BeagleNetworking

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A network client that answers from a table, never answers, or answers when the test says.
final class FakeNetworkClient: NetworkClientProtocol {
    enum Behaviour: Sendable {
        /// Completes synchronously, inside `executeRequest`.
        case respond(NetworkResult)
        /// Never completes, whatever happens to the token.
        case neverComplete
        /// Completes when the test calls `completePending`.
        case hold
    }

    private struct State {
        var requests: [Request] = []
        var pending: [(Request, RequestCompletion)] = []
    }

    private let behaviour: @Sendable (Request) -> Behaviour
    private let state = LockedValue(State())
    /// Every request received, in order.
    let received = Recorder<Request>()
    /// One entry per `cancel()` on a token this client returned.
    let cancels = Recorder<URL>()

    init(_ behaviour: @escaping @Sendable (Request) -> Behaviour) {
        self.behaviour = behaviour
    }

    /// A client serving `bodies` by URL with status 200, and 404 for anything else.
    static func serving(_ bodies: [String: String]) -> FakeNetworkClient {
        FakeNetworkClient { request in
            let url = request.url.absoluteString
            guard let body = bodies[url] else {
                return .respond(.failure(Self.httpError(404, for: request)))
            }
            return .respond(.success(Self.ok(Data(body.utf8), for: request)))
        }
    }

    var requests: [Request] {
        state.withLock { $0.requests }
    }

    var requestCount: Int {
        requests.count
    }

    func executeRequest(_ request: Request, completion: @escaping RequestCompletion) -> (any RequestToken)? {
        state.withLock { $0.requests.append(request) }
        received.record(request)
        let token = ClosureRequestToken { [cancels] in cancels.record(request.url) }
        switch behaviour(request) {
        case .respond(let result):
            completion(result)
        case .neverComplete:
            break
        case .hold:
            state.withLock { $0.pending.append((request, completion)) }
        }
        return token
    }

    /// Completes every held request with `result`.
    func completePending(with result: (Request) -> NetworkResult) {
        let pending = state.withLock { state in
            defer { state.pending.removeAll() }
            return state.pending
        }
        for (request, completion) in pending {
            completion(result(request))
        }
    }

    static func ok(_ data: Data, for request: Request, status: Int = 200) -> NetworkResponse {
        let response = HTTPURLResponse(url: request.url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:])
        let fallback = URLResponse(url: request.url, mimeType: nil, expectedContentLength: data.count, textEncodingName: nil)
        return NetworkResponse(data: data, response: response ?? fallback)
    }

    static func httpError(_ status: Int, for request: Request) -> NetworkError {
        NetworkError(
            error: NetworkFailure.httpStatus(code: status, body: Data()),
            request: URLRequest(url: request.url),
            response: HTTPURLResponse(url: request.url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:])
        )
    }
}
