import Foundation

/// Builds the URL for a path and hands the request to the network client; shared by
/// ViewClient and ImageDownloader, as in Beagle iOS 2.x.
struct RequestDispatcher: Sendable {
    @Injected var urlBuilder: any UrlBuilderProtocol
    @Injected var logger: any LoggerProtocol
    @OptionalInjected var networkClient: (any NetworkClientProtocol)?

    /// Resolves dependencies from `GlobalConfiguration.resolver` when first used.
    init() {}

    /// Resolves dependencies from `resolver` when first used.
    init(_ resolver: any DependenciesContainerResolving) {
        _urlBuilder = Injected(resolver)
        _logger = Injected(resolver)
        _networkClient = OptionalInjected(resolver)
    }

    /// Uses the given dependencies.
    init(urlBuilder: any UrlBuilderProtocol, logger: any LoggerProtocol, networkClient: (any NetworkClientProtocol)?) {
        _urlBuilder = Injected(wrappedValue: urlBuilder)
        _logger = Injected(wrappedValue: logger)
        _networkClient = OptionalInjected(wrappedValue: networkClient)
    }

    /// Sends the request for `path`.
    ///
    /// When no URL can be built or no client is configured, the completion runs synchronously
    /// with `.urlBuilderError` or `.networkClientWasNotConfigured` and nil is returned, as in
    /// Beagle; callers hop to their completion queue themselves.
    @discardableResult
    func dispatchRequest(
        path: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping @Sendable (Result<NetworkResponse, Request.Error>) -> Void
    ) -> (any RequestToken)? {
        guard let url = urlBuilder.build(path: path) else {
            logger.log(Log.network(.couldNotBuildUrl(url: path)))
            completion(.failure(.urlBuilderError))
            return nil
        }
        guard let networkClient else {
            logger.log(Log.network(.networkClientWasNotConfigured))
            completion(.failure(.networkClientWasNotConfigured))
            return nil
        }
        return networkClient.executeRequest(Request(url: url, additionalData: additionalData)) { result in
            completion(result.mapError { .networkError($0) })
        }
    }
}
