import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Executes Beagle's requests with URLSession (the `NetworkClientDefault` of Beagle iOS 2.x's
/// demo and documentation), hardened for Linux.
///
/// - All requests go through one long-lived `URLSession`: by default `sharedSession`, made once
///   per process, because creating and invalidating sessions races on Linux
///   (swift-corelibs-foundation #4791, #5491). It keeps cookies as Beagle's `URLSession.shared` does.
/// - `timeoutInterval` is Beagle's: the `URLRequest.timeoutInterval`, an idle timeout (100 s).
///   `deadline`, off unless set, is a hard limit on the whole request that holds even where
///   URLSession does not (on Linux a 401 with `WWW-Authenticate: Basic` hangs, #5456).
/// - A transport failure keeps URLSession's `URLError` in `NetworkError.error`, as Beagle's does;
///   `NetworkError.failure` names it as a `NetworkFailure`. An HTTP response outside 200...299
///   (304 included) fails with `NetworkFailure.httpStatus` and its body, as Beagle fails it.
/// - The completion runs exactly once, on URLSession's queue (or the deadline's), never on
///   the main queue; unlike Beagle's it also runs when the client has been released.
public final class NetworkClientDefault: NetworkClientProtocol {
    private struct Settings: Sendable {
        var session: URLSession
        var httpRequestBuilder: HttpRequestBuilder
        var timeoutInterval: TimeInterval
        var deadline: Duration?
        var maximumBodySize: Int?
    }

    private let settings: LockedValue<Settings>

    // Beagle's `@OptionalInjected var logger`; a wrapper's storage is a `var`, which a Sendable
    // class cannot have, so the wrapper is held directly.
    private let injectedLogger: OptionalInjected<any LoggerProtocol>

    /// The session every `NetworkClientDefault` uses unless given another: Beagle's
    /// `URLSession.shared` settings (cookies kept in `HTTPCookieStorage.shared`), without a URL
    /// cache, so a mock's edited screen is always fetched again.
    ///
    /// Its `timeoutIntervalForRequest` is Beagle's 100 s too: URLSession on Linux obeys the
    /// session's idle timeout and ignores `URLRequest.timeoutInterval`.
    public static let sharedSession: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.httpCookieStorage = HTTPCookieStorage.shared
        configuration.httpShouldSetCookies = true
        configuration.timeoutIntervalForRequest = 100
        return URLSession(configuration: configuration)
    }()

    /// The session requests go through.
    public var session: URLSession {
        get { settings.current.session }
        set { settings.withLock { $0.session = newValue } }
    }

    /// Builds each request's headers, method and body; a class, so
    /// `client.httpRequestBuilder.additionalHeaders[…] = …` takes effect.
    public var httpRequestBuilder: HttpRequestBuilder {
        get { settings.current.httpRequestBuilder }
        set { settings.withLock { $0.httpRequestBuilder = newValue } }
    }

    /// Each request's `URLRequest.timeoutInterval`: how long it may wait for more data before it
    /// fails with `URLError.timedOut` (Beagle uses 100 seconds).
    public var timeoutInterval: TimeInterval {
        get { settings.current.timeoutInterval }
        set { settings.withLock { $0.timeoutInterval = newValue } }
    }

    /// How long a request may take in total before it fails with `URLError.timedOut`
    /// (`NetworkFailure.timeout`), whatever URLSession does; nil, the default, sets no limit.
    public var deadline: Duration? {
        get { settings.current.deadline }
        set { settings.withLock { $0.deadline = newValue } }
    }

    /// The most bytes of a response body read (beyond Beagle, which has no limit): a response
    /// that announces or sends more fails with `NetworkFailure.bodyTooLarge` as soon as it does,
    /// so that a server streaming without end cannot fill the memory; nil, the default, reads any
    /// size. Requests with a limit go through a session of their own, with ``sharedSession``'s
    /// settings, rather than ``session``.
    public var maximumBodySize: Int? {
        get { settings.current.maximumBodySize }
        set { settings.withLock { $0.maximumBodySize = newValue } }
    }

    /// The deadline of a client made with `init(session:httpRequestBuilder:timeout:logger:)`:
    /// setting it sets both `deadline` and `timeoutInterval`; reading it gives `deadline`, or
    /// `timeoutInterval` when there is none.
    public var timeout: Duration {
        get {
            let settings = settings.current
            return settings.deadline ?? .milliseconds(Int64((settings.timeoutInterval * 1000).rounded()))
        }
        set {
            settings.withLock {
                $0.deadline = newValue
                $0.timeoutInterval = newValue.timeInterval
            }
        }
    }

    /// Creates a client with Beagle's timeouts: an idle `timeoutInterval`, and no deadline
    /// unless one is given.
    ///
    /// - Parameters:
    ///   - session: the session to reuse for every request.
    ///   - httpRequestBuilder: the builder with the headers to add to every request.
    ///   - timeoutInterval: each request's `URLRequest.timeoutInterval`.
    ///   - deadline: a limit on each whole request; nil for none.
    ///   - logger: where `.httpRequest` and `.httpResponse` logs go; nil resolves
    ///     `LoggerProtocol` from `GlobalConfiguration.resolver`, as Beagle's `@OptionalInjected` does.
    public init(
        session: URLSession = NetworkClientDefault.sharedSession,
        httpRequestBuilder: HttpRequestBuilder = HttpRequestBuilder(),
        timeoutInterval: TimeInterval = 100,
        deadline: Duration? = nil,
        logger: (any LoggerProtocol)? = nil
    ) {
        settings = LockedValue(
            Settings(
                session: session, httpRequestBuilder: httpRequestBuilder, timeoutInterval: timeoutInterval,
                deadline: deadline))
        injectedLogger = logger.map { OptionalInjected(wrappedValue: $0) } ?? OptionalInjected()
    }

    /// Creates a client whose requests all end within `timeout`: the `URLRequest.timeoutInterval`
    /// and the deadline both.
    public convenience init(
        session: URLSession = NetworkClientDefault.sharedSession,
        httpRequestBuilder: HttpRequestBuilder = HttpRequestBuilder(),
        timeout: Duration,
        logger: (any LoggerProtocol)? = nil
    ) {
        self.init(
            session: session, httpRequestBuilder: httpRequestBuilder, timeoutInterval: timeout.timeInterval,
            deadline: timeout, logger: logger)
    }

    /// Creates a client whose logger comes from `resolver` (the shape in Beagle's documentation).
    public init(_ resolver: any DependenciesContainerResolving) {
        settings = LockedValue(
            Settings(
                session: Self.sharedSession, httpRequestBuilder: HttpRequestBuilder(), timeoutInterval: 100,
                deadline: nil))
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
        let urlRequest = built.toUrlRequest(timeoutInterval: settings.timeoutInterval)

        if let bodyError = built.bodyError {
            completion(.failure(NetworkError(error: NetworkFailure.invalidRequest(reason: bodyError), request: urlRequest)))
            return nil
        }

        return RequestRace.start(
            deadline: settings.deadline,
            timeout: { NetworkError(error: URLError(.timedOut), request: urlRequest) },
            cancelled: { NetworkError(error: URLError(.cancelled), request: urlRequest) },
            completion: completion
        ) { finish in
            let received: LimitedBodySession.Completion = { data, response, error in
                logger?.log(Log.network(.httpResponse(response: .init(data: data, response: response))))
                finish(Self.result(request: urlRequest, data: data, response: response, error: error))
            }
            let task =
                if let limit = settings.maximumBodySize {
                    LimitedBodySession.shared.dataTask(with: urlRequest, limit: limit, completion: received)
                } else {
                    settings.session.dataTask(with: urlRequest, completionHandler: received)
                }
            logger?.log(Log.network(.httpRequest(request: .init(url: urlRequest))))
            task.resume()
            return task
        }
    }

    /// Classifies what URLSession returned, as Beagle's `handleResponse` does: a transport error
    /// as the `URLError` it is; a response that is not HTTP, or an HTTP status outside 200...299,
    /// as the `NetworkFailure` that names it (Beagle's `ClientError.invalidHttpResponse`).
    static func result(
        request: URLRequest,
        data: Data?,
        response: URLResponse?,
        error: (any Error)?
    ) -> NetworkResult {
        if let error {
            let transportError: any Error = URLError(bridging: error) ?? error
            return .failure(NetworkError(error: transportError, data: data, request: request, response: response))
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
