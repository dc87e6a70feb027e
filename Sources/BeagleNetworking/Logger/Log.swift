import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The messages the networking layer logs (the network and decoding part of Beagle iOS 2.x
/// `Log`, with Beagle's categories, levels and texts).
public enum Log: Sendable {
    /// A request, a response, or why no request was sent.
    case network(_ network: Network)
    /// A screen or action that could not be decoded.
    case decode(_ decoding: Decoding)

    /// Network messages.
    public enum Network: Sendable {
        /// A request is about to be sent.
        case httpRequest(request: NetworkRequest)
        /// A response (or an error) arrived.
        case httpResponse(response: NetworkResponse)
        /// The `UrlBuilder` could not build a URL from this path.
        case couldNotBuildUrl(url: String)
        /// No network client is configured.
        case networkClientWasNotConfigured
    }

    /// Decoding messages.
    public enum Decoding: Sendable {
        /// Decoding failed; `type` describes the error.
        case decodingError(type: String)
    }

    /// A request, as logged.
    public struct NetworkRequest: Sendable {
        /// The request.
        public let url: URLRequest?

        /// Creates the log of a request.
        public init(url: URLRequest? = nil) {
            self.url = url
        }

        /// Beagle's multi-line rendering of the request.
        public var logMessage: String {
            let headers = url?.allHTTPHeaderFields ?? [:]
            let body = url?.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? "empty"
            return """
                ***HTTP REQUEST***:
                Url= \(url?.url?.absoluteString ?? "")
                HttpMethod= \(url?.httpMethod ?? "")
                Headers= \(headers)
                Body= \(body)
                """
        }
    }

    /// A response, as logged.
    public struct NetworkResponse: Sendable {
        /// The body, if any.
        public let data: Data?
        /// The response metadata, if any.
        public let response: URLResponse?

        /// Creates the log of a response.
        public init(data: Data? = nil, response: URLResponse? = nil) {
            self.data = data
            self.response = response
        }

        /// Beagle's multi-line rendering of the response.
        public var logMessage: String {
            let http = response as? HTTPURLResponse
            return """
                ***HTTP RESPONSE***
                StatusCode= \(http?.statusCode ?? 0)
                Body= \(String(decoding: data ?? Data(), as: UTF8.self))
                Headers= \(http?.allHeaderFields ?? [:])
                """
        }
    }
}

extension Log: LogType {
    /// "Network" or "Decoding".
    public var category: String {
        switch self {
        case .network: return "Network"
        case .decode: return "Decoding"
        }
    }

    /// The text Beagle logs for this message.
    public var message: String {
        switch self {
        case .network(.httpRequest(let request)):
            return request.logMessage
        case .network(.httpResponse(let response)):
            return response.logMessage
        case .network(let network):
            return String(describing: network)
        case .decode(.decodingError(let type)):
            return "Could not decode: \(type). Check if that type has been registered."
        }
    }

    /// Info for requests and responses; error for everything else.
    public var level: LogLevel {
        switch self {
        case .network(.httpRequest), .network(.httpResponse):
            return .info
        case .network(.couldNotBuildUrl), .network(.networkClientWasNotConfigured), .decode:
            return .error
        }
    }
}
