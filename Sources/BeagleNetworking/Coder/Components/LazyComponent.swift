/// A component shown first as `initialState`, then replaced by the screen fetched from `path`
/// (`beagle:lazyComponent`); Beagle fetches it with `additionalData: nil`.
public struct LazyComponent: ServerDrivenComponent {
    /// The BFF path of the component that replaces the initial state.
    public var path: String
    /// What is shown while `path` loads.
    @AutoCodable public var initialState: any ServerDrivenComponent

    /// Creates a lazy component.
    public init(path: String, initialState: any ServerDrivenComponent) {
        self.path = path
        self.initialState = initialState
    }
}
