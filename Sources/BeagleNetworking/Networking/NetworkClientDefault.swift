import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Executes Beagle's requests with URLSession (the `NetworkClientDefault` of Beagle iOS 2.x's
/// demo and documentation), hardened for Linux.
///
/// - All requests go through one long-lived `URLSession`: by default `sharedSession`, made once
///   per process, because creating and invalidating sessions races on Linux
///   (swift-corelibs-foundation #4791, #5491).
/// - Every request has a hard deadline, `timeout`, that holds even where URLSession does not
///   (on Linux a 401 with `WWW-Authenticate: Basic` hangs past `timeoutInterval`, #5456).
/// - Failures carry a `NetworkFailure` in `NetworkError.error`; an HTTP response outside
///   200...299 (304 included) is `httpStatus` with its body, as Beagle fails it.
/// - The completion runs exactly once, on URLSession's queue (or the deadline's), never on
///   the main queue; unlike Beagle's it also runs when the client has been released.
public final class NetworkClientDefault: NetworkClientProtocol {
    private struct Settings: Sendable {
        var session: URLSession
        var httpRequestBuilder: HttpRequestBuilder
        var timeout: Duration
    }

    private let settings: LockedValue<Settings>

    // Beagle's `@OptionalInjected var logger`; a wrapper's storage is a `var`, which a Sendable
    // class cannot have, so the wrapper is held directly.
    private let injectedLogger: OptionalInjected<any LoggerProtocol>

    /// The session every `NetworkClientDefault` uses unless given another: no URL cache, so a
    /// mock's edited screen is always fetched again, and no cookies kept between requests.
    public static let sharedSession: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration)
    }()

    /// The session requests go through.
    public var session: URLSession {
        get { settings.current.session }
        set { settings.withLock { $0.session = newValue } }
    }

    /// Builds each request's headers, method and body.
    public var httpRequestBuilder: HttpRequestBuilder {
        get { settings.current.httpRequestBuilder }
        set { settings.withLock { $0.httpRequestBuilder = newValue } }
    }

    /// How long a request may take in total before it fails with `NetworkFailure.timeout`;
    /// also the `URLRequest.timeoutInterval`. Beagle uses 100 seconds.
    public var timeout: Duration {
        get { settings.current.timeout }
        set { settings.withLock { $0.timeout = newValue } }
    }

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - session: the session to reuse for every request.
    ///   - httpRequestBuilder: the builder with the headers to add to every request.
    ///   - timeout: the deadline of each request.
    ///   - logger: where `.httpRequest` and `.httpResponse` logs go; nil resolves
    ///     `LoggerProtocol` from `GlobalConfiguration.resolver`, as Beagle's `@OptionalInjected` does.
    public init(
        session: URLSession = NetworkClientDefault.sharedSession,
        httpRequestBuilder: HttpRequestBuilder = HttpRequestBuilder(),
        timeout: Duration = .seconds(100),
        logger: (any LoggerProtocol)? = nil
    ) {
        settings = LockedValue(Settings(session: session, httpRequestBuilder: httpRequestBuilder, timeout: timeout))
        injectedLogger = logger.map { OptionalInjected(wrappedValue: $0) } ?? OptionalInjected()
    }

    /// Creates a client whose logger comes from `resolver` (the shape in Beagle's documentation).
    public init(_ resolver: any DependenciesContainerResolving) {
        settings = LockedValue(
            Settings(session: Self.sharedSession, httpRequestBuilder: HttpRequestBuilder(), timeout: .seconds(100))
        )
        injectedLogger = OptionalInjected(resolver)
    }

    /// Sends `request`; the completion runs exactly once, with the response or a `NetworkError`.
    @discardableResult
    public func executeRequest(
        _ request: Request,
        completion: @escaping RequestCompletion
    ) -> (any RequestToken)? {
        let settings = self.settings.current
        let logger = injectedLogger.wrappedValue
        let built = settings.httpRequestBuilder.build(url: request.url, additionalData: request.additionalData)
        let urlRequest = built.toUrlRequest(timeoutInterval: settings.timeout.timeInterval)

        if let bodyError = built.bodyError {
            completion(.failure(NetworkError(error: NetworkFailure.invalidRequest(reason: bodyError), request: urlRequest)))
            return nil
        }

        return RequestRace.start(
            deadline: settings.timeout,
            timeout: { NetworkError(error: NetworkFailure.timeout, request: urlRequest) },
            cancelled: { NetworkError(error: NetworkFailure.cancelled, request: urlRequest) },
            completion: completion
        ) { finish in
            let task = settings.session.dataTask(with: urlRequest) { data, response, error in
                logger?.log(Log.network(.httpResponse(response: .init(data: data, response: response))))
                finish(Self.result(request: urlRequest, data: data, response: response, error: error))
            }
            logger?.log(Log.network(.httpRequest(request: .init(url: urlRequest))))
            task.resume()
            return task
        }
    }

    /// Classifies what URLSession returned, as Beagle's `handleResponse` does, with the error
    /// named by `NetworkFailure`.
    static func result(
        request: URLRequest,
        data: Data?,
        response: URLResponse?,
        error: (any Error)?
    ) -> NetworkResult {
        if let error {
            let failure = NetworkFailure(error, request: request, response: response, data: data)
            return .failure(NetworkError(error: failure, data: data, request: request, response: response))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(
                NetworkError(error: NetworkFailure.malformedResponse, data: data, request: request, response: response)
            )
        }
        guard (200...299).contains(http.statusCode) else {
            let failure = NetworkFailure.httpStatus(code: http.statusCode, body: data ?? Data())
            return .failure(NetworkError(error: failure, data: data, request: request, response: response))
        }
        return .success(NetworkResponse(data: data ?? Data(), response: http))
    }
}

extension Duration {
    /// The duration in seconds, as Foundation's timeouts take it.
    var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
