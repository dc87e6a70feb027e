/// A row of tabs with titles and icons (`beagle:tabBar`).
public struct TabBar: ServerDrivenComponent {
    /// The tabs, in order.
    public var items: [TabBarItem]
    /// A style registered in the app's theme.
    public var styleId: String?
    /// The selected tab.
    public var currentTab: Expression<Int>?
    /// Run when a tab is selected.
    @AutoCodable public var onTabSelection: [any Action]?

    /// Creates a tab bar.
    public init(
        items: [TabBarItem],
        styleId: String? = nil,
        currentTab: Expression<Int>? = nil,
        onTabSelection: [any Action]? = nil
    ) {
        self.items = items
        self.styleId = styleId
        self.currentTab = currentTab
        self.onTabSelection = onTabSelection
    }
}
