/// A button that runs actions when pressed (`beagle:button`, Beagle iOS 2.x `Button`).
public struct Button: ServerDrivenComponent {
    /// The label.
    public var text: Expression<String>
    /// A style registered in the app's theme.
    public var styleId: String?
    /// Run when pressed; navigations among them may prefetch their screens.
    @AutoCodable public var onPress: [any Action]?
    /// Whether the button can be pressed.
    public var enabled: Expression<Bool>?
    /// An identifier for actions that target this component.
    public var id: String?
    /// Layout and appearance.
    public var style: Style?
    /// What assistive technologies say.
    public var accessibility: Accessibility?

    /// Creates a button.
    public init(
        text: Expression<String>,
        styleId: String? = nil,
        onPress: [any Action]? = nil,
        enabled: Expression<Bool>? = nil,
        id: String? = nil,
        style: Style? = nil,
        accessibility: Accessibility? = nil
    ) {
        self.text = text
        self.styleId = styleId
        self.onPress = onPress
        self.enabled = enabled
        self.id = id
        self.style = style
        self.accessibility = accessibility
    }
}
