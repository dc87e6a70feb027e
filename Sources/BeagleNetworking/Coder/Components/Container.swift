/// A layout holding child components (`beagle:container`).
public struct Container: ServerDrivenComponent {
    /// The children, in order; Beagle allows none.
    @AutoCodable public var children: [any ServerDrivenComponent]?
    /// Run when the container appears.
    @AutoCodable public var onInit: [any Action]?
    /// An identifier for actions that target this component (`addChildren`, say).
    public var id: String?

    /// Creates a container.
    public init(children: [any ServerDrivenComponent]? = nil, onInit: [any Action]? = nil, id: String? = nil) {
        self.children = children
        self.onInit = onInit
        self.id = id
    }
}
