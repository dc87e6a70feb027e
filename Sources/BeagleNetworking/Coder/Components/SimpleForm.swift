/// A form: children, and actions run when a `submitForm` inside it fires (`beagle:simpleForm`,
/// Beagle iOS 2.x `SimpleForm`).
public struct SimpleForm: ServerDrivenComponent {
    /// Run on submit.
    @AutoCodable public var onSubmit: [any Action]?
    /// The form's fields and buttons.
    @AutoCodable public var children: [any ServerDrivenComponent]?
    /// Run instead of `onSubmit` when a field shows an error.
    @AutoCodable public var onValidationError: [any Action]?
    /// A value expressions inside the form can read.
    public var context: Context?
    /// An identifier for actions that target this component.
    public var id: String?
    /// Layout and appearance.
    public var style: Style?
    /// What assistive technologies say.
    public var accessibility: Accessibility?

    /// Creates a form.
    public init(
        onSubmit: [any Action]? = nil,
        children: [any ServerDrivenComponent]? = nil,
        onValidationError: [any Action]? = nil,
        context: Context? = nil,
        id: String? = nil,
        style: Style? = nil,
        accessibility: Accessibility? = nil
    ) {
        self.onSubmit = onSubmit
        self.children = children
        self.onValidationError = onValidationError
        self.context = context
        self.id = id
        self.style = style
        self.accessibility = accessibility
    }
}
