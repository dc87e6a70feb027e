import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Something that cancels a request in flight.
public protocol RequestToken: Sendable {
    /// Cancels the request; its completion then reports a cancellation, unless it already ran.
    func cancel()
}

extension URLSessionTask: RequestToken {}
