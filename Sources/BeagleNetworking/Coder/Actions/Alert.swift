/// Shows an alert with one button (`beagle:alert`).
public struct Alert: Action {
    /// The title.
    public var title: Expression<String>?
    /// The message.
    public var message: Expression<String>
    /// Run when OK is pressed.
    @AutoCodable public var onPressOk: [any Action]?
    /// The OK button's label.
    public var labelOk: String?
    /// Overrides the app's analytics configuration for this action.
    public var analytics: ActionAnalyticsConfig?

    /// Creates an alert.
    public init(
        title: Expression<String>? = nil,
        message: Expression<String>,
        onPressOk: [any Action]? = nil,
        labelOk: String? = nil,
        analytics: ActionAnalyticsConfig? = nil
    ) {
        self.title = title
        self.message = message
        self.onPressOk = onPressOk
        self.labelOk = labelOk
        self.analytics = analytics
    }
}
