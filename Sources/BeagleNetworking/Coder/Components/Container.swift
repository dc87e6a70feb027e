/// A layout holding child components (`beagle:container`, Beagle iOS 2.x `Container`).
public struct Container: ServerDrivenComponent {
    /// The children, in order; Beagle allows none.
    @AutoCodable public var children: [any ServerDrivenComponent]?
    /// Run when the container appears.
    @AutoCodable public var onInit: [any Action]?
    /// A value expressions inside the container can read.
    public var context: Context?
    /// A style registered in the app's theme.
    public var styleId: String?
    /// An identifier for actions that target this component (`addChildren`, say).
    public var id: String?
    /// Layout and appearance.
    public var style: Style?
    /// What assistive technologies say.
    public var accessibility: Accessibility?

    /// Creates a container.
    public init(
        children: [any ServerDrivenComponent]? = nil,
        onInit: [any Action]? = nil,
        id: String? = nil,
        context: Context? = nil,
        styleId: String? = nil,
        style: Style? = nil,
        accessibility: Accessibility? = nil
    ) {
        self.children = children
        self.onInit = onInit
        self.id = id
        self.context = context
        self.styleId = styleId
        self.style = style
        self.accessibility = accessibility
    }
}
