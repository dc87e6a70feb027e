/// Pages swiped horizontally, one component per page (`beagle:pageView`, Beagle iOS 2.x
/// `PageView`).
public struct PageView: ServerDrivenComponent {
    /// The pages, in order.
    @AutoCodable public var children: [any ServerDrivenComponent]?
    /// Run when the visible page changes.
    @AutoCodable public var onPageChange: [any Action]?
    /// The visible page.
    public var currentPage: Expression<Int>?
    /// A value expressions inside the pages can read.
    public var context: Context?

    /// Creates a page view.
    public init(
        children: [any ServerDrivenComponent]? = nil,
        onPageChange: [any Action]? = nil,
        currentPage: Expression<Int>? = nil,
        context: Context? = nil
    ) {
        self.children = children
        self.onPageChange = onPageChange
        self.currentPage = currentPage
        self.context = context
    }
}
