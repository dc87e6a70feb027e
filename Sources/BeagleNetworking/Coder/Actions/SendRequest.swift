/// Sends an HTTP request and runs actions on its outcome (`beagle:sendRequest`).
///
/// `onSuccess` sees `{data, status, statusText}`, `onError` also `message`; `onFinish` always runs.
public struct SendRequest: Action {
    /// The URL or BFF path.
    public var url: Expression<String>
    /// The method; GET when absent.
    public var method: Expression<HTTPMethod>?
    /// The JSON body.
    public var data: DynamicObject?
    /// Extra headers, or an expression giving them.
    public var headers: Expression<[String: String]>?
    /// Run when the response status is 2xx.
    @AutoCodable public var onSuccess: [any Action]?
    /// Run when the request fails.
    @AutoCodable public var onError: [any Action]?
    /// Run after either.
    @AutoCodable public var onFinish: [any Action]?
    /// Overrides the app's analytics configuration for this action.
    public var analytics: ActionAnalyticsConfig?

    /// Creates the action.
    public init(
        url: Expression<String>,
        method: Expression<HTTPMethod>? = nil,
        data: DynamicObject? = nil,
        headers: Expression<[String: String]>? = nil,
        onSuccess: [any Action]? = nil,
        onError: [any Action]? = nil,
        onFinish: [any Action]? = nil,
        analytics: ActionAnalyticsConfig? = nil
    ) {
        self.url = url
        self.method = method
        self.data = data
        self.headers = headers
        self.onSuccess = onSuccess
        self.onError = onError
        self.onFinish = onFinish
        self.analytics = analytics
    }
}
