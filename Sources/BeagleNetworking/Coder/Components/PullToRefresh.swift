/// Wraps a component so that pulling it down runs actions (`beagle:pullToRefresh`, Beagle iOS
/// 2.x `PullToRefresh`).
public struct PullToRefresh: ServerDrivenComponent {
    /// The content that can be pulled.
    @AutoCodable public var child: any ServerDrivenComponent
    /// Run when the user pulls.
    @AutoCodable public var onPull: [any Action]?
    /// Whether the refresh spinner shows.
    public var isRefreshing: Expression<Bool>?
    /// The spinner colour.
    public var color: Expression<String>?
    /// A value expressions inside the component can read.
    public var context: Context?

    /// Creates a pull-to-refresh wrapper.
    public init(
        child: any ServerDrivenComponent,
        onPull: [any Action]? = nil,
        isRefreshing: Expression<Bool>? = nil,
        color: Expression<String>? = nil,
        context: Context? = nil
    ) {
        self.child = child
        self.onPull = onPull
        self.isRefreshing = isRefreshing
        self.color = color
        self.context = context
    }
}
