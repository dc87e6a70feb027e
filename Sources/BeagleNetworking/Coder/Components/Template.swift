/// One way to render an item of a `ListView` or `GridView`, chosen by its `case`.
public struct Template: Codable, Sendable {
    /// The condition an item must meet to use this template; nil for the default template.
    public var `case`: Expression<Bool>?
    /// The component rendered for the item.
    @AutoCodable public var view: any ServerDrivenComponent

    /// Creates a template.
    public init(case: Expression<Bool>? = nil, view: any ServerDrivenComponent) {
        self.`case` = `case`
        self.view = view
    }
}
