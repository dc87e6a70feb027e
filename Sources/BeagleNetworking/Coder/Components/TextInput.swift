/// An editable text field (`beagle:textInput`).
public struct TextInput: ServerDrivenComponent {
    /// The value shown.
    public var value: Expression<String>?
    /// The placeholder shown when empty.
    public var placeholder: String?
    /// A style registered in the app's theme.
    public var styleId: String?
    /// Run when the value changes.
    @AutoCodable public var onChange: [any Action]?
    /// Run when the field gains focus.
    @AutoCodable public var onFocus: [any Action]?
    /// Run when the field loses focus.
    @AutoCodable public var onBlur: [any Action]?
    /// An identifier for actions that target this component.
    public var id: String?

    /// Creates a text input.
    public init(
        value: Expression<String>? = nil,
        placeholder: String? = nil,
        styleId: String? = nil,
        onChange: [any Action]? = nil,
        onFocus: [any Action]? = nil,
        onBlur: [any Action]? = nil,
        id: String? = nil
    ) {
        self.value = value
        self.placeholder = placeholder
        self.styleId = styleId
        self.onChange = onChange
        self.onFocus = onFocus
        self.onBlur = onBlur
        self.id = id
    }
}
