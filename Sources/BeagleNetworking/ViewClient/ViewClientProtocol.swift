/// Fetches screens from the BFF and decodes them (Beagle iOS 2.x `ViewClientProtocol`).
public protocol ViewClientProtocol: Sendable {
    /// Fetches and decodes the screen at `url` (a BFF path or an absolute URL); the completion
    /// runs exactly once. Returns a token that cancels the request, or nil when none was sent.
    @discardableResult
    func fetch(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping @Sendable (Result<any ServerDrivenComponent, Request.Error>) -> Void
    ) -> (any RequestToken)?

    /// Fetches the screen at `url` ahead of time, for a later `fetch` of the same `url`.
    func prefetch(url: String, additionalData: HttpAdditionalData?)
}
