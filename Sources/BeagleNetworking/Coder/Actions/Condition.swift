/// Runs one list of actions or another depending on a condition (`beagle:condition`).
public struct Condition: Action {
    /// The condition, usually an expression.
    public var condition: Expression<Bool>
    /// Run when the condition holds.
    @AutoCodable public var onTrue: [any Action]?
    /// Run when it does not.
    @AutoCodable public var onFalse: [any Action]?
    /// Overrides the app's analytics configuration for this action.
    public var analytics: ActionAnalyticsConfig?

    /// Creates a condition.
    public init(
        condition: Expression<Bool>, onTrue: [any Action]? = nil, onFalse: [any Action]? = nil,
        analytics: ActionAnalyticsConfig? = nil
    ) {
        self.condition = condition
        self.onTrue = onTrue
        self.onFalse = onFalse
        self.analytics = analytics
    }
}
