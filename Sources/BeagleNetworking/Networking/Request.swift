import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request Beagle sends: a URL, with an optional method, headers and body.
public struct Request: Sendable {
    /// The absolute URL, as the `UrlBuilder` built it.
    public let url: URL
    /// The method, headers and body; nil means a plain GET.
    public let additionalData: HttpAdditionalData?

    /// Creates a request.
    public init(url: URL, additionalData: HttpAdditionalData?) {
        self.url = url
        self.additionalData = additionalData
    }

    /// Why a ViewClient, ImageDownloader or SendRequest call failed (Beagle iOS 2.x).
    public enum Error: Swift.Error, Sendable {
        /// The request was sent and failed: transport error, HTTP status, timeout, cancel.
        case networkError(NetworkError)
        /// The response arrived but its body could not be decoded.
        case decoding(any Swift.Error)
        /// The `UrlBuilder` could not build a URL from the path (an empty path, for example).
        case urlBuilderError
        /// No `NetworkClientProtocol` was registered in the dependencies.
        case networkClientWasNotConfigured
    }
}

extension Request.Error {
    /// What happened on the network, when the failure came from the network; nil for
    /// decoding, URL-building and configuration errors.
    public var networkFailure: NetworkFailure? {
        if case .networkError(let error) = self { return error.failure }
        return nil
    }
}

extension Request.Error: CustomStringConvertible {
    /// A message saying what failed, for logs and test output.
    public var description: String {
        switch self {
        case .networkError(let error):
            return "network error: \(error)"
        case .decoding(let error):
            return "the response body could not be decoded: \(error)"
        case .urlBuilderError:
            return "the UrlBuilder could not build a URL from the path"
        case .networkClientWasNotConfigured:
            return "no NetworkClientProtocol is registered: set BeagleDependencies.networkClient"
        }
    }
}
