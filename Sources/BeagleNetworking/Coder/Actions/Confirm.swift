/// Shows an alert with OK and Cancel buttons (`beagle:confirm`).
public struct Confirm: Action {
    /// The title.
    public var title: Expression<String>?
    /// The message.
    public var message: Expression<String>
    /// Run when OK is pressed.
    @AutoCodable public var onPressOk: [any Action]?
    /// Run when Cancel is pressed.
    @AutoCodable public var onPressCancel: [any Action]?
    /// The OK button's label.
    public var labelOk: String?
    /// The Cancel button's label.
    public var labelCancel: String?
    /// Overrides the app's analytics configuration for this action.
    public var analytics: ActionAnalyticsConfig?

    /// Creates a confirmation.
    public init(
        title: Expression<String>? = nil,
        message: Expression<String>,
        onPressOk: [any Action]? = nil,
        onPressCancel: [any Action]? = nil,
        labelOk: String? = nil,
        labelCancel: String? = nil,
        analytics: ActionAnalyticsConfig? = nil
    ) {
        self.title = title
        self.message = message
        self.onPressOk = onPressOk
        self.onPressCancel = onPressCancel
        self.labelOk = labelOk
        self.labelCancel = labelCancel
        self.analytics = analytics
    }
}
