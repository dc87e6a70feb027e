import BeagleNetworking
import Foundation

extension NetworkFailure {
    /// What happened, in a few words for a table cell: `timeout after 10 s`, `connection reset`,
    /// `HTTP 503`.
    func probeMessage(timeout: Duration) -> String {
        switch self {
        case .timeout: "timeout: no complete response within \(ReportUnits.duration(timeout))"
        case .connectionReset: "connection reset"
        case .emptyResponse: "empty response: the server closed the connection without a byte"
        case .truncatedResponse: "truncated response: the connection closed before the body was complete"
        case .malformedResponse: "malformed response: not valid HTTP"
        case .cancelled: "cancelled"
        case .cannotConnect: "cannot connect: is the server running on that host and port?"
        case .unsupportedURL: "unsupported URL: nothing can fetch it"
        case .invalidRequest(let reason): "invalid request: \(reason)"
        case .httpStatus(let code, _): "HTTP \(code)"
        case .untrustedCertificate(let message):
            "certificate not trusted (\(message)); if its CA is private, trust it on this system: "
                + Self.trustHint
        case .transport(let code, let message): "transport error \(code): \(message)"
        case .bodyTooLarge(let limit):
            "body larger than \(ReportUnits.size(limit)), the most probe reads (--max-body-size)"
        }
    }

    /// How to make this system trust a CA, in one clause.
    static var trustHint: String {
        #if os(Linux)
        "copy its certificate to /usr/local/share/ca-certificates/NAME.crt and run update-ca-certificates "
            + "(Debian, Ubuntu; libcurl reads that bundle); for beagle-mock's own CA see beagle-mock ca"
        #else
        "sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain CA.pem; "
            + "for beagle-mock's own CA see beagle-mock ca"
        #endif
    }

    /// The status of the response that came with the failure, if one did.
    var httpStatusCode: Int? {
        if case .httpStatus(let code, _) = self { return code }
        return nil
    }
}

extension Request.Error {
    /// The problem a failed fetch is, in words.
    func probeProblem(timeout: Duration) -> ProbeProblem {
        switch self {
        case .networkError(let error):
            .error(error.failure.probeMessage(timeout: timeout))
        case .decoding(let error):
            .error("does not decode: \(DecodingErrorText.describe(error))")
        case .urlBuilderError:
            .error("Beagle's UrlBuilder cannot build a URL from it")
        case .networkClientWasNotConfigured:
            .error("no network client configured")
        }
    }
}
