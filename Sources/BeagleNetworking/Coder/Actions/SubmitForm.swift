/// Submits the enclosing `SimpleForm`, running its `onSubmit` (`beagle:submitForm`, Beagle iOS
/// 2.x `SubmitForm`).
public struct SubmitForm: Action {
    /// Overrides the app's analytics configuration for this action.
    public var analytics: ActionAnalyticsConfig?

    /// Creates the action.
    public init(analytics: ActionAnalyticsConfig? = nil) {
        self.analytics = analytics
    }
}
