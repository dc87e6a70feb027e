/// Adds components to the children of the component with `componentId` (`beagle:addChildren`).
public struct AddChildren: Action {
    /// Where the new components go.
    public enum Mode: String, Codable, Sendable {
        /// After the existing children.
        case append = "APPEND"
        /// Before them.
        case prepend = "PREPEND"
        /// Instead of them.
        case replace = "REPLACE"
    }

    /// The id of the component whose children change.
    public var componentId: String
    /// The components to add.
    @AutoCodable public var value: [any ServerDrivenComponent]
    /// Where they go; append when absent.
    public var mode: Mode?
    /// Overrides the app's analytics configuration for this action.
    public var analytics: ActionAnalyticsConfig?

    /// Creates the action.
    public init(
        componentId: String, value: [any ServerDrivenComponent], mode: Mode? = nil, analytics: ActionAnalyticsConfig? = nil
    ) {
        self.componentId = componentId
        self.value = value
        self.mode = mode
        self.analytics = analytics
    }
}
