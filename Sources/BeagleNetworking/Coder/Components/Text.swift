/// A label (`beagle:text`, Beagle iOS 2.x `Text`).
public struct Text: ServerDrivenComponent {
    /// The text; may hold expressions.
    public var text: Expression<String>
    /// A style registered in the app's theme.
    public var styleId: String?
    /// The text colour, as `#RRGGBB` or `#RRGGBBAA`.
    public var textColor: Expression<String>?
    /// An identifier for actions that target this component.
    public var id: String?
    /// How the text is aligned.
    public var alignment: Expression<Alignment>?
    /// Layout and appearance.
    public var style: Style?
    /// What assistive technologies say.
    public var accessibility: Accessibility?

    /// Creates a text.
    public init(
        text: Expression<String>,
        styleId: String? = nil,
        textColor: Expression<String>? = nil,
        id: String? = nil,
        alignment: Expression<Alignment>? = nil,
        style: Style? = nil,
        accessibility: Accessibility? = nil
    ) {
        self.text = text
        self.styleId = styleId
        self.textColor = textColor
        self.id = id
        self.alignment = alignment
        self.style = style
        self.accessibility = accessibility
    }

    /// How a text is aligned in its view.
    public enum Alignment: String, Codable, Sendable, CaseIterable {
        /// To the left.
        case left = "LEFT"
        /// To the right.
        case right = "RIGHT"
        /// Centred.
        case center = "CENTER"
    }
}
