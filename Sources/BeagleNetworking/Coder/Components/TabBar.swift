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

/// One tab: a title, an icon, or both.
public struct TabBarItem: Codable, Sendable {
    /// The icon; a remote one is downloaded like an image.
    public var icon: Image.ImagePath?
    /// The title.
    public var title: String?

    /// Creates a tab.
    public init(icon: Image.ImagePath? = nil, title: String? = nil) {
        self.icon = icon
        self.title = title
    }
}
