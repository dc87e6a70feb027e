/// Changes a context value (`beagle:setContext`).
public struct SetContext: Action {
    /// The id of the context to change.
    public var contextId: String
    /// The new value; may hold expressions.
    public var value: DynamicObject
    /// The path inside the context to change; the whole context when absent.
    public var path: String?
    /// Overrides the app's analytics configuration for this action.
    public var analytics: ActionAnalyticsConfig?

    /// Creates the action.
    public init(contextId: String, value: DynamicObject, path: String? = nil, analytics: ActionAnalyticsConfig? = nil) {
        self.contextId = contextId
        self.value = value
        self.path = path
        self.analytics = analytics
    }
}
