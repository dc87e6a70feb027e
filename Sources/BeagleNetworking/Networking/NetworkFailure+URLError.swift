import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension NetworkFailure {
    /// Which URLSession produced an error: the two report the same fault with different codes.
    enum URLErrorConvention: Sendable {
        /// swift-corelibs-foundation's FoundationNetworking, built on libcurl (Linux, Windows).
        case foundationNetworking
        /// Apple's CFNetwork.
        case darwin

        static var current: URLErrorConvention {
            #if canImport(FoundationNetworking)
            return .foundationNetworking
            #else
            return .darwin
            #endif
        }
    }

    /// Names what happened from any error a request failed with.
    ///
    /// `URLError` codes map as follows (FoundationNetworking is Linux, CFNetwork is Apple):
    ///
    /// | code | FoundationNetworking | CFNetwork |
    /// |---|---|---|
    /// | -999 cancelled | `cancelled` | `cancelled` |
    /// | -1001 timedOut | `timeout` | `timeout` |
    /// | -1005 networkConnectionLost | `connectionReset` | `connectionReset` (also how it reports empty and truncated replies) |
    /// | -1011 badServerResponse | `emptyResponse` (curl: empty reply) | `malformedResponse` |
    /// | -1002 unsupportedURL | `malformedResponse` for http(s) URLs (curl: not HTTP), else `unsupportedURL` | `unsupportedURL` |
    /// | -1 unknown | `truncatedResponse` for curl's "transfer closed", `malformedResponse` for broken chunks, else `transport` | `transport` |
    /// | -1017 cannotParseResponse | `malformedResponse` | `malformedResponse` |
    /// | -1003, -1004, -1006, -1009 | `cannotConnect` | `cannotConnect` |
    /// | -1000 badURL | `unsupportedURL` | `unsupportedURL` |
    /// | -1201 to -1204, the server's certificate | (not used) | `untrustedCertificate` |
    /// | -1 with curl's "SSL certificate problem…" or "…certificate…" | `untrustedCertificate` | (not used) |
    ///
    /// A `CancellationError` is `cancelled`; another error with an HTTP response outside
    /// 200...299 (Beagle's `ClientError.invalidHttpResponse`) is `httpStatus`; anything else is
    /// `transport`.
    public init(_ error: any Error, request: URLRequest? = nil, response: URLResponse? = nil, data: Data? = nil) {
        self.init(error, requestURL: request?.url, response: response, data: data, convention: .current)
    }

    init(
        _ error: any Error,
        requestURL: URL?,
        response: URLResponse?,
        data: Data?,
        convention: URLErrorConvention
    ) {
        if let failure = error as? NetworkFailure {
            self = failure
            return
        }
        if error is CancellationError {
            self = .cancelled
            return
        }
        if let (code, message) = Self.urlErrorCode(of: error) {
            self = Self.mapping(code: code, message: message, requestURL: requestURL, convention: convention)
            return
        }
        if let http = response as? HTTPURLResponse, !(200...299).contains(http.statusCode) {
            self = .httpStatus(code: http.statusCode, body: data ?? Data())
            return
        }
        let nsError = error as NSError
        self = .transport(code: nsError.code, message: nsError.localizedDescription)
    }

    /// The code and message of an error in `NSURLErrorDomain`, however it is bridged.
    private static func urlErrorCode(of error: any Error) -> (Int, String)? {
        if let urlError = error as? URLError {
            return (urlError.errorCode, urlError.localizedDescription)
        }
        // On Linux an NSError in NSURLErrorDomain does not cast to URLError.
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else { return nil }
        return (nsError.code, nsError.localizedDescription)
    }

    private static func mapping(
        code: Int,
        message: String,
        requestURL: URL?,
        convention: URLErrorConvention
    ) -> NetworkFailure {
        switch code {
        case URLError.cancelled.rawValue:
            return .cancelled
        case URLError.timedOut.rawValue:
            return .timeout
        case URLError.networkConnectionLost.rawValue:
            return .connectionReset
        case URLError.cannotParseResponse.rawValue:
            return .malformedResponse
        case URLError.cannotFindHost.rawValue, URLError.cannotConnectToHost.rawValue,
            URLError.dnsLookupFailed.rawValue, URLError.notConnectedToInternet.rawValue:
            return .cannotConnect
        case URLError.badURL.rawValue:
            return .unsupportedURL
        case URLError.serverCertificateHasBadDate.rawValue, URLError.serverCertificateUntrusted.rawValue,
            URLError.serverCertificateHasUnknownRoot.rawValue, URLError.serverCertificateNotYetValid.rawValue:
            return .untrustedCertificate(message: message)
        case URLError.badServerResponse.rawValue:
            // curl's "Empty reply from server" on Linux; a response CFNetwork could not parse on Apple.
            return convention == .foundationNetworking ? .emptyResponse : .malformedResponse
        case URLError.unsupportedURL.rawValue:
            // curl reports a status line that is not HTTP as an unsupported protocol.
            let scheme = requestURL?.scheme?.lowercased()
            let isHTTP = scheme == "http" || scheme == "https"
            return convention == .foundationNetworking && isHTTP ? .malformedResponse : .unsupportedURL
        case URLError.unknown.rawValue where convention == .foundationNetworking:
            // FoundationNetworking passes most other curl errors through as -1 with curl's message.
            let lowered = message.lowercased()
            if lowered.contains("transfer closed") { return .truncatedResponse }
            if lowered.contains("chunk") { return .malformedResponse }
            if lowered.contains("certificate") { return .untrustedCertificate(message: message) }
            return .transport(code: code, message: message)
        default:
            return .transport(code: code, message: message)
        }
    }
}
