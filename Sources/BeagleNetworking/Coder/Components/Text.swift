/// A label (`beagle:text`).
public struct Text: ServerDrivenComponent {
    /// The text; may hold expressions.
    public var text: Expression<String>
    /// A style registered in the app's theme.
    public var styleId: String?
    /// The text colour, as `#RRGGBB` or `#RRGGBBAA`.
    public var textColor: Expression<String>?
    /// An identifier for actions that target this component.
    public var id: String?

    /// Creates a text.
    public init(
        text: Expression<String>,
        styleId: String? = nil,
        textColor: Expression<String>? = nil,
        id: String? = nil
    ) {
        self.text = text
        self.styleId = styleId
        self.textColor = textColor
        self.id = id
    }
}
