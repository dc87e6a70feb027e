/// An editable text field (`beagle:textInput`, Beagle iOS 2.x `TextInput`).
public struct TextInput: ServerDrivenComponent {
    /// The value shown.
    public var value: Expression<String>?
    /// The placeholder shown when empty.
    public var placeholder: Expression<String>?
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
    /// Whether the field can be used.
    public var enabled: Expression<Bool>?
    /// Whether the field can be read but not edited.
    public var readOnly: Expression<Bool>?
    /// The kind of text, which also picks the keyboard.
    public var type: Expression<TextInputType>?
    /// The error shown below the field while `showError` is true.
    public var error: Expression<String>?
    /// Whether `error` shows.
    public var showError: Expression<Bool>?
    /// Layout and appearance.
    public var style: Style?
    /// What assistive technologies say.
    public var accessibility: Accessibility?

    /// Creates a text input.
    public init(
        value: Expression<String>? = nil,
        placeholder: Expression<String>? = nil,
        styleId: String? = nil,
        onChange: [any Action]? = nil,
        onFocus: [any Action]? = nil,
        onBlur: [any Action]? = nil,
        id: String? = nil,
        enabled: Expression<Bool>? = nil,
        readOnly: Expression<Bool>? = nil,
        type: Expression<TextInputType>? = nil,
        error: Expression<String>? = nil,
        showError: Expression<Bool>? = nil,
        style: Style? = nil,
        accessibility: Accessibility? = nil
    ) {
        self.value = value
        self.placeholder = placeholder
        self.styleId = styleId
        self.onChange = onChange
        self.onFocus = onFocus
        self.onBlur = onBlur
        self.id = id
        self.enabled = enabled
        self.readOnly = readOnly
        self.type = type
        self.error = error
        self.showError = showError
        self.style = style
        self.accessibility = accessibility
    }
}

/// The kind of text a `TextInput` takes (Beagle iOS 2.x `TextInputType`).
public enum TextInputType: String, Codable, Sendable {
    /// A date.
    case date = "DATE"
    /// An e-mail address.
    case email = "EMAIL"
    /// A password, hidden.
    case password = "PASSWORD"
    /// A number.
    case number = "NUMBER"
    /// Any text.
    case text = "TEXT"
}
