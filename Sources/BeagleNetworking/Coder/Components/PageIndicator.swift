/// The dots showing which page of a `PageView` is visible (`beagle:pageIndicator`).
public struct PageIndicator: ServerDrivenComponent {
    /// The colour of the current page's dot.
    public var selectedColor: String?
    /// The colour of the other dots.
    public var unselectedColor: String?
    /// How many pages there are.
    public var numberOfPages: Int?
    /// The current page.
    public var currentPage: Expression<Int>?

    /// Creates a page indicator.
    public init(
        selectedColor: String? = nil,
        unselectedColor: String? = nil,
        numberOfPages: Int? = nil,
        currentPage: Expression<Int>? = nil
    ) {
        self.selectedColor = selectedColor
        self.unselectedColor = unselectedColor
        self.numberOfPages = numberOfPages
        self.currentPage = currentPage
    }
}
