/// Pages swiped horizontally, one component per page (`beagle:pageView`).
public struct PageView: ServerDrivenComponent {
    /// The pages, in order.
    @AutoCodable public var children: [any ServerDrivenComponent]?
    /// Run when the visible page changes.
    @AutoCodable public var onPageChange: [any Action]?
    /// The visible page.
    public var currentPage: Expression<Int>?

    /// Creates a page view.
    public init(
        children: [any ServerDrivenComponent]? = nil,
        onPageChange: [any Action]? = nil,
        currentPage: Expression<Int>? = nil
    ) {
        self.children = children
        self.onPageChange = onPageChange
        self.currentPage = currentPage
    }
}
