/// A form: children, and actions run when a `submitForm` inside it fires (`beagle:simpleForm`).
public struct SimpleForm: ServerDrivenComponent {
    /// Run on submit.
    @AutoCodable public var onSubmit: [any Action]?
    /// The form's fields and buttons.
    @AutoCodable public var children: [any ServerDrivenComponent]?

    /// Creates a form.
    public init(onSubmit: [any Action]? = nil, children: [any ServerDrivenComponent]? = nil) {
        self.onSubmit = onSubmit
        self.children = children
    }
}
