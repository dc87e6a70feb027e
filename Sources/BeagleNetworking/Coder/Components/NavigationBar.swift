/// A screen's navigation bar: a title, a back button and items with actions.
public struct NavigationBar: Codable, Sendable {
    /// The title.
    public var title: String
    /// Whether the back button shows.
    public var showBackButton: Bool?
    /// A style registered in the app's theme.
    public var styleId: String?
    /// Buttons on the bar.
    public var navigationBarItems: [NavigationBarItem]?

    /// Creates a navigation bar.
    public init(
        title: String,
        showBackButton: Bool? = nil,
        styleId: String? = nil,
        navigationBarItems: [NavigationBarItem]? = nil
    ) {
        self.title = title
        self.showBackButton = showBackButton
        self.styleId = styleId
        self.navigationBarItems = navigationBarItems
    }
}
